/*
 * checkout-sandbox: the checkout loader script, served at the real paths
 * (/walley-checkout-loader.js and /collector-checkout-loader.js) of the frontend host.
 *
 * Reads its script tag's data-* attributes (data-token, data-lang, data-variant,
 * data-container-id, data-action-color, data-action-text-color, data-padding, data-version,
 * data-webview), inserts an iframe of the sandbox's checkout page for the public token, and
 * re-fires the iframe's events on the shop's document (walleyCheckout…; the old loader also
 * fires collectorCheckout…), each event's detail carrying the token. The JS API is one object
 * under window.walley.checkout.api and window.collector.checkout.api: suspend(publicToken?),
 * resume(publicToken?), onBeforePayment(callback). Every loader tag on a page adds a checkout
 * to that one API; none takes it over.
 * Plain ES2017, no build step: it runs on any merchant page as the real one does.
 */
(function () {
  'use strict';
  var LOADER = /\/(walley|collector)-checkout-loader\.js$/;
  // What every loader tag on the page shares: the API, its checkouts, the tags already served.
  var shared =
    window.__checkoutSandboxLoader || (window.__checkoutSandboxLoader = { checkouts: [], served: [], beforePayment: null, api: null });

  var script = ownScript();
  if (!script) {
    console.error("checkout-sandbox loader: no loader script tag with a data-token (the checkout's publicToken) was found.");
    return;
  }
  shared.served.push(script);
  var token = script.getAttribute('data-token');
  var src = new URL(script.getAttribute('src'), document.baseURI);
  var isOldLoader = /collector-checkout-loader\.js$/.test(src.pathname);
  var base = src.origin + src.pathname.replace(/\/[^/]*$/, '');
  var origin = src.origin;

  /*
   * The tag this run belongs to. Written in the page, it is document.currentScript. Added by
   * a script it may not be: jQuery's .append() (the WooCommerce plugin's thank-you page and
   * B2B/B2C switch) inserts the tag it was given without running it and loads the script
   * through a fresh tag of its own (cross-origin) or evaluates its text (same origin), so
   * currentScript is that other tag or null. The tag is then the first loader tag with a
   * data-token that no run has served yet, one with the same address preferred.
   */
  function ownScript() {
    var current = document.currentScript;
    if (current && isLoaderTag(current) && current.getAttribute('data-token') && shared.served.indexOf(current) === -1) return current;
    var currentSrc = current && current.src;
    var fallback = null;
    var scripts = document.scripts;
    for (var i = 0; i < scripts.length; i++) {
      var candidate = scripts[i];
      if (!isLoaderTag(candidate) || !candidate.getAttribute('data-token') || shared.served.indexOf(candidate) !== -1) continue;
      if (currentSrc && candidate.src === currentSrc) return candidate;
      if (!fallback) fallback = candidate;
    }
    return fallback;
  }
  function isLoaderTag(element) {
    var address = element.getAttribute('src');
    if (!address) return false;
    // An anchor resolves the address against the page as the browser does, and never throws.
    var link = document.createElement('a');
    link.href = address;
    return LOADER.test(link.pathname);
  }
  /* An attribute as given; an empty one (the mobile SDKs write every attribute, empty or not) counts as absent. */
  function attribute(name) {
    var value = script.getAttribute('data-' + name);
    return value && value.trim() ? value.trim() : null;
  }

  var query = new URLSearchParams();
  ['lang', 'variant', 'action-color', 'action-text-color', 'padding', 'version', 'webview'].forEach(function (name) {
    var value = attribute(name);
    if (value) query.set(name, value);
  });
  query.set('loader', isOldLoader ? 'collector' : 'walley');

  var iframe = document.createElement('iframe');
  iframe.src = base + '/checkout/' + encodeURIComponent(token) + '?' + query.toString();
  iframe.title = 'Walley Checkout';
  iframe.setAttribute('data-checkout-sandbox', token);
  iframe.style.cssText = 'display:block;width:100%;min-height:480px;border:0;overflow:hidden;';
  // In the element data-container-id names; without one, immediately above the script tag.
  var containerId = attribute('container-id');
  var container = containerId ? document.getElementById(containerId) : null;
  if (containerId && !container)
    console.warn(
      'checkout-sandbox loader: no element has the id "' + containerId + '" (data-container-id); the checkout goes above the script tag.',
    );
  if (container) container.appendChild(iframe);
  else script.parentNode.insertBefore(iframe, script);

  var ready = false;
  var queued = [];
  var checkout = { token: token, iframe: iframe, send: send };
  shared.checkouts.push(checkout);

  function send(message) {
    message.source = 'checkout-sandbox';
    if (!ready) queued.push(message);
    else iframe.contentWindow.postMessage(message, origin);
  }

  /* On the shop's document, neither bubbling nor cancellable; each name gets its own detail, so one listener's changes stay its own. */
  function fire(name, detail) {
    var names = isOldLoader ? ['walleyCheckout' + name, 'collectorCheckout' + name] : ['walleyCheckout' + name];
    names.forEach(function (eventName) {
      var own = Object.assign({}, detail, { token: token });
      var event = new CustomEvent(eventName, { detail: own, bubbles: false, cancelable: false });
      // The metric events' draft page reads event.token and event.payload from the event itself.
      if (name === 'Metric') {
        event.token = token;
        event.payload = own.payload;
      }
      document.dispatchEvent(event);
    });
  }

  /* The merchant's onBeforePayment callback decides whether the purchase may go on: a
     rejected promise (with {title, message}) stops it, as the real checkout does. */
  function askBeforePayment(id) {
    var answer = function (ok, error) {
      send({
        kind: 'beforePaymentResult',
        id: id,
        ok: ok,
        title: error && error.title ? String(error.title) : '',
        message: error && error.message ? String(error.message) : '',
      });
    };
    var callback = shared.beforePayment;
    if (typeof callback !== 'function') return answer(true);
    Promise.resolve()
      .then(function () {
        return callback();
      })
      .then(
        function () {
          answer(true);
        },
        function (error) {
          answer(false, error || {});
        },
      );
  }

  window.addEventListener('message', function (event) {
    if (event.source !== iframe.contentWindow || event.origin !== origin) return;
    var data = event.data;
    if (!data || data.source !== 'checkout-sandbox') return;
    if (data.kind === 'ready') {
      ready = true;
      queued.splice(0).forEach(send);
    } else if (data.kind === 'resize' && typeof data.height === 'number') {
      iframe.style.height = Math.ceil(data.height) + 'px';
    } else if (data.kind === 'event' && typeof data.name === 'string') {
      fire(data.name, data.detail || {});
    } else if (data.kind === 'beforePayment') {
      askBeforePayment(data.id);
    }
  });

  /* The checkouts a call acts on: the one whose token is given, or, without one, every checkout still on the page. */
  function addressed(publicToken) {
    var onPage = shared.checkouts.filter(function (c) {
      return c.iframe.isConnected;
    });
    if (publicToken === undefined || publicToken === null || publicToken === '') return onPage;
    var named = onPage.filter(function (c) {
      return c.token === String(publicToken);
    });
    if (!named.length) console.warn('checkout-sandbox loader: no checkout on this page has the public token ' + publicToken + '.');
    return named;
  }

  if (!shared.api) {
    shared.api = {
      suspend: function (publicToken) {
        addressed(publicToken).forEach(function (c) {
          c.send({ kind: 'suspend' });
        });
      },
      resume: function (publicToken) {
        addressed(publicToken).forEach(function (c) {
          c.send({ kind: 'resume' });
        });
      },
      onBeforePayment: function (callback) {
        shared.beforePayment = callback;
      },
    };
  }
  window.walley = window.walley || {};
  window.walley.checkout = window.walley.checkout || {};
  window.walley.checkout.api = shared.api;
  window.collector = window.collector || {};
  window.collector.checkout = window.collector.checkout || {};
  window.collector.checkout.api = shared.api;
})();

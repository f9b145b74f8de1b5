/*
 * checkout-sandbox: the checkout loader script, served at the real paths
 * (/walley-checkout-loader.js and /collector-checkout-loader.js) of the frontend host.
 *
 * Reads the script tag's data-* attributes (data-token, data-lang, data-variant,
 * data-container-id, data-action-color, data-action-text-color, data-padding), inserts an
 * iframe of the sandbox's checkout page for the public token, re-fires the iframe's events
 * on the parent document (walleyCheckout…; the old loader also fires collectorCheckout…),
 * and offers the JS API under both window.walley.checkout.api and
 * window.collector.checkout.api: suspend(), resume(), onBeforePayment(callback).
 * Plain ES2017, no build step: it runs on any merchant page as the real one does.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var src = new URL(script.src, document.baseURI);
  var isOldLoader = /collector-checkout-loader\.js$/.test(src.pathname);
  var base = src.origin + src.pathname.replace(/\/[^/]*$/, '');
  var token = script.getAttribute('data-token');
  if (!token) {
    console.error('checkout-sandbox loader: the script tag has no data-token (the checkout\'s publicToken).');
    return;
  }

  var query = new URLSearchParams();
  ['lang', 'variant', 'action-color', 'action-text-color', 'padding', 'version'].forEach(function (name) {
    var value = script.getAttribute('data-' + name);
    if (value) query.set(name, value);
  });
  query.set('loader', isOldLoader ? 'collector' : 'walley');

  var iframe = document.createElement('iframe');
  iframe.src = base + '/checkout/' + encodeURIComponent(token) + '?' + query.toString();
  iframe.title = 'Walley Checkout';
  iframe.setAttribute('data-checkout-sandbox', token);
  iframe.style.cssText = 'display:block;width:100%;min-height:480px;border:0;overflow:hidden;';
  var containerId = script.getAttribute('data-container-id');
  var container = containerId ? document.getElementById(containerId) : null;
  if (container) container.appendChild(iframe);
  else script.parentNode.insertBefore(iframe, script.nextSibling);

  var origin = src.origin;
  var ready = false;
  var queued = [];
  var beforePayment = null;

  function send(message) {
    message.source = 'checkout-sandbox';
    if (!ready) queued.push(message);
    else iframe.contentWindow.postMessage(message, origin);
  }

  function fire(name, detail) {
    document.dispatchEvent(new CustomEvent('walleyCheckout' + name, { detail: detail }));
    if (isOldLoader) document.dispatchEvent(new CustomEvent('collectorCheckout' + name, { detail: detail }));
  }

  /* The merchant's onBeforePayment callback decides whether the purchase may go on: a
     rejected promise (with {title, message}) stops it, as the real checkout does. */
  function askBeforePayment(id) {
    var answer = function (ok, error) {
      send({ kind: 'beforePaymentResult', id: id, ok: ok, title: error && error.title ? String(error.title) : '', message: error && error.message ? String(error.message) : '' });
    };
    if (typeof beforePayment !== 'function') return answer(true);
    Promise.resolve()
      .then(function () { return beforePayment(); })
      .then(function () { answer(true); }, function (error) { answer(false, error || {}); });
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

  var api = {
    suspend: function () { send({ kind: 'suspend' }); },
    resume: function () { send({ kind: 'resume' }); },
    onBeforePayment: function (callback) { beforePayment = callback; },
  };
  window.walley = window.walley || {};
  window.walley.checkout = window.walley.checkout || {};
  window.walley.checkout.api = api;
  window.collector = window.collector || {};
  window.collector.checkout = window.collector.checkout || {};
  window.collector.checkout.api = api;
})();

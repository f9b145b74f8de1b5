/*
 * checkout-sandbox: the hosted checkout page's script (runs inside the iframe).
 * Sends each step to the frontend surface (which runs the admin simulation's code), tells
 * the loader in the parent page which events to fire (the loader adds the token to each),
 * obeys suspend()/resume(), watches its checkout on the sandbox clock (expiry), and asks the
 * customer to reload when the shop changed the order behind its back.
 * Plain ES2017, no build step.
 */
(function () {
  'use strict';
  var embedded = window.parent !== window;

  function toParent(message) {
    if (!embedded) return;
    message.source = 'checkout-sandbox';
    // The merchant's origin is not known to the page; nothing sent here is secret.
    window.parent.postMessage(message, '*');
  }
  function emit(name, detail) {
    toParent({ kind: 'event', name: name, detail: detail || {} });
  }
  /* walleyCheckoutMetric (a draft page): {token, payload: {type, …}}. */
  function metric(type, extra) {
    emit('Metric', { payload: Object.assign({ type: type }, extra || {}) });
  }
  function keepHeight() {
    toParent({ kind: 'ready' });
    if (typeof ResizeObserver === 'function') {
      new ResizeObserver(function () {
        toParent({ kind: 'resize', height: document.documentElement.scrollHeight });
      }).observe(document.body);
    }
  }

  // A token the loader was given that names no usable checkout: an expired one is an event for the shop.
  var unavailable = document.getElementById('unavailable');
  if (unavailable) {
    keepHeight();
    if (unavailable.getAttribute('data-reason') === 'expired') emit('Expired');
    return;
  }

  var main = document.getElementById('checkout');
  if (!main) return;
  var strings = JSON.parse(document.getElementById('page-strings').textContent);
  // A pay link (/p/{token}) is the same page: its calls go to the page's own paths.
  var pagePath = location.pathname.replace(/\/$/, '').replace(/\/p\/([^/]+)$/, '/checkout/$1');
  var progress = document.getElementById('progress');
  var problem = document.getElementById('problem');
  var conflict = document.getElementById('conflict');
  var identifyForm = document.getElementById('identify');
  var payForm = document.getElementById('pay');
  var deliveryForm = document.getElementById('delivery');
  var cardStep = document.getElementById('card-step');
  var shippingKey = null;
  var outcome = document.getElementById('outcome');
  var pending = {};
  var nextId = 1;
  // The shop's revision of the order as this page shows it (a resume() brings it up to date).
  var revision = main.getAttribute('data-revision');
  var expired = false;
  var stream = null;

  function say(text) {
    progress.textContent = text || '';
  }
  function showProblem(text) {
    problem.textContent = text;
    problem.hidden = false;
    problem.focus();
  }
  function clearProblem() {
    problem.hidden = true;
    problem.textContent = '';
  }
  function setDisabled(disabled) {
    [identifyForm, deliveryForm, payForm].forEach(function (form) {
      if (form) form.querySelector('fieldset').disabled = disabled;
    });
  }
  function setBusy(busy) {
    main.setAttribute('aria-busy', busy ? 'true' : 'false');
    setDisabled(busy || expired || !conflict.hidden);
  }

  function post(step, body) {
    return fetch(pagePath + '/' + step, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then(function (response) {
      return response.json().then(function (json) {
        return { ok: response.ok, status: response.status, body: json };
      });
    });
  }

  /* ---- The checkout on the sandbox clock: expiry, and the shop's changes ---- */

  function expire() {
    if (expired) return;
    expired = true;
    if (stream) stream.close();
    main.setAttribute('data-expired', 'true');
    [identifyForm, deliveryForm, payForm, cardStep, conflict].forEach(function (part) {
      if (part) part.hidden = true;
    });
    say('');
    setBusy(false);
    showProblem(strings.expired);
    emit('Expired');
  }

  /* Pushed by the server whenever the state changes; closed after a final one, or the EventSource would reconnect. */
  function watch() {
    if (typeof EventSource !== 'function' || main.getAttribute('data-status') === 'PurchaseCompleted') return;
    stream = new EventSource(pagePath + '/state/stream');
    stream.onmessage = function (message) {
      var state = JSON.parse(message.data);
      if (state.expired) expire();
      else if (state.status === 'PurchaseCompleted' || state.status === 'Aborted') stream.close();
    };
  }

  function readState() {
    return fetch(pagePath + '/state').then(function (response) {
      return response.ok ? response.json() : null;
    });
  }

  /* Before each of the customer's steps: false when the session expired or the shop changed the order without suspend()/resume(). */
  function upToDate() {
    return readState().then(
      function (state) {
        if (!state) return true;
        if (state.expired) {
          expire();
          return false;
        }
        if (state.revision === revision) return true;
        conflict.hidden = false;
        setBusy(false);
        conflict.focus();
        return false;
      },
      function () {
        return true;
      },
    );
  }

  var goBack = document.getElementById('go-back');
  if (goBack) {
    goBack.addEventListener('submit', function (event) {
      event.preventDefault();
      // The session is aborted (the shop is notified) before the customer leaves for the shop.
      fetch(pagePath + '/abort', { method: 'POST' }).then(function () {
        location.href = goBack.getAttribute('data-redirect');
      });
    });
  }

  document.getElementById('reload').addEventListener('click', function () {
    emit('ReloadedByUser');
    // The message leaves before the page does: postMessage queues it on the shop's page at once.
    setTimeout(function () {
      location.reload();
    }, 0);
  });

  /* ---- The customer's steps ---- */

  function beforePayment() {
    if (!embedded) return Promise.resolve({ ok: true });
    var id = nextId++;
    return new Promise(function (resolve) {
      pending[id] = resolve;
      toParent({ kind: 'beforePayment', id: id });
    });
  }

  // Persona picker: fills the fields with the persona's details.
  var persona = document.getElementById('persona');
  if (persona) {
    persona.addEventListener('change', function () {
      var option = persona.selectedOptions[0];
      if (!option || !option.value) return;
      document.getElementById('email').value = option.value;
      document.getElementById('phone').value = option.getAttribute('data-phone');
      document.getElementById('postal-code').value = option.getAttribute('data-postal-code');
      // A business persona's company, on a business checkout's form.
      [
        ['organization-number', 'data-organization-number'],
        ['company-name', 'data-company-name'],
      ].forEach(function (pair) {
        var field = document.getElementById(pair[0]);
        if (field) field.value = option.getAttribute(pair[1]) || '';
      });
    });
  }

  /* The delivery module's choice as the API shows it (data.shipping): the cart and total are
     re-read, and the shop's page hears walleyCheckoutShippingUpdated when the choice changed. */
  function shippingChosen(shipping) {
    if (!deliveryForm || !shipping) return Promise.resolve();
    deliveryForm.hidden = false;
    var choice = shipping.shipments && shipping.shipments[0] ? shipping.shipments[0].shippingChoice.id : null;
    var radios = deliveryForm.querySelectorAll('input[name=delivery]');
    for (var i = 0; i < radios.length; i++) {
      if (radios[i].getAttribute('data-carrier') === shipping.carrierId && radios[i].value === choice) radios[i].checked = true;
    }
    var key = shipping.carrierId + '/' + choice;
    var changed = key !== shippingKey;
    shippingKey = key;
    return refreshCart().then(function () {
      if (changed)
        emit('ShippingUpdated', {
          provider: shipping.provider,
          carrierId: shipping.carrierId,
          carrierName: shipping.carrierName,
          shippingFee: shipping.shippingFee,
          shippingFeeId: shipping.shippingFeeId,
        });
    });
  }

  if (deliveryForm) {
    var checked = deliveryForm.querySelector('input[name=delivery]:checked');
    if (checked && main.getAttribute('data-status') !== 'Initialized')
      shippingKey = checked.getAttribute('data-carrier') + '/' + checked.value;
    deliveryForm.addEventListener('change', function (event) {
      var radio = event.target;
      if (!radio || radio.name !== 'delivery') return;
      clearProblem();
      setBusy(true);
      upToDate()
        .then(function (go) {
          if (!go) return setBusy(false);
          return post('shipping', { carrier: radio.getAttribute('data-carrier'), option: radio.value }).then(function (answer) {
            setBusy(false);
            if (!answer.ok) return showProblem(answer.body.error ? answer.body.error.message : strings.failed);
            metric('ShippingMethodSelected');
            return shippingChosen(answer.body.shipping);
          });
        })
        .catch(function () {
          setBusy(false);
          showProblem(strings.failed);
        });
    });
  }

  if (identifyForm) {
    identifyForm.addEventListener('submit', function (event) {
      event.preventDefault();
      clearProblem();
      var form = new FormData(identifyForm);
      var body = { email: form.get('email'), mobilePhoneNumber: form.get('mobilePhoneNumber'), postalCode: form.get('postalCode') };
      // A business checkout's company fields; blank ones are left to a persona or the registry.
      ['organizationNumber', 'companyName', 'invoiceReference'].forEach(function (name) {
        var value = form.get(name);
        if (value) body[name] = value;
      });
      setBusy(true);
      say(strings.identifying);
      upToDate()
        .then(function (go) {
          if (!go) {
            say('');
            return setBusy(false);
          }
          return post('customer', body).then(function (answer) {
            setBusy(false);
            if (!answer.ok) {
              say('');
              return showProblem(answer.body.error ? answer.body.error.message : strings.failed);
            }
            main.setAttribute('data-status', answer.body.status);
            emit('CustomerUpdated', answer.body.customer);
            metric('CustomerIdentified');
            metric('DeliveryAddressChanged');
            say(strings.identified);
            payForm.hidden = false;
            document.getElementById(deliveryForm ? 'delivery-legend' : 'payment-legend').focus();
            return shippingChosen(answer.body.shipping);
          });
        })
        .catch(function () {
          setBusy(false);
          say('');
          showProblem(strings.failed);
        });
    });
  }

  if (payForm) {
    var methods = payForm.querySelectorAll('input[name=paymentName]');
    payForm.addEventListener('change', function (event) {
      var input = event.target;
      if (input && input.name === 'paymentName') {
        metric('PaymentOptionSelected', {
          paymentOption: { paymentMethodName: input.value, paymentOptionId: Array.prototype.indexOf.call(methods, input) + 1 },
        });
      } else if (input && input.name === 'newsletter') {
        emit('CrmUpdated');
      }
    });
    payForm.addEventListener('submit', function (event) {
      event.preventDefault();
      clearProblem();
      var paymentName = new FormData(payForm).get('paymentName');
      var locked = false;
      // After every attempt that locked the checkout, whatever came of it.
      function unlock() {
        if (locked) {
          locked = false;
          emit('Unlocked');
        }
      }
      setBusy(true);
      say(strings.processing);
      upToDate()
        .then(function (go) {
          if (!go) {
            say('');
            setBusy(false);
            return null;
          }
          return beforePayment().then(function (answer) {
            if (!answer.ok) {
              setBusy(false);
              say('');
              return showProblem([answer.title, answer.message].filter(Boolean).join(': ') || strings.failed);
            }
            emit('Locked');
            locked = true;
            return (paymentName === 'Card' ? cardApproval() : Promise.resolve(true)).then(function (approved) {
              if (!approved) {
                setBusy(false);
                say('');
                emit('PaymentAborted');
                unlock();
                return showProblem(strings.paymentAborted);
              }
              say(strings.processing);
              return post('purchase', { paymentName: paymentName }).then(function (result) {
                setBusy(false);
                say('');
                if (result.ok) {
                  completed(result.body);
                  return unlock();
                }
                if (result.body.event === 'OrderValidationFailed') {
                  emit('OrderValidationFailed', { message: result.body.error.message });
                  unlock();
                  return showProblem(strings.validationFailed);
                }
                unlock();
                showProblem(result.body.error ? result.body.error.message : strings.failed);
              });
            });
          });
        })
        .catch(function () {
          setBusy(false);
          say('');
          unlock();
          showProblem(strings.failed);
        });
    });
  }

  /* The card's own window: the customer approves (true) or cancels (false) the payment. */
  function cardApproval() {
    say('');
    cardStep.hidden = false;
    cardStep.focus();
    return new Promise(function (resolve) {
      function answer(approved) {
        cardStep.hidden = true;
        approve.removeEventListener('click', yes);
        cancel.removeEventListener('click', no);
        resolve(approved);
      }
      var approve = document.getElementById('card-approve');
      var cancel = document.getElementById('card-cancel');
      var yes = function () {
        answer(true);
      };
      var no = function () {
        answer(false);
      };
      approve.addEventListener('click', yes);
      cancel.addEventListener('click', no);
    });
  }

  function completed(body) {
    if (stream) stream.close();
    main.setAttribute('data-status', body.status);
    identifyForm.hidden = true;
    payForm.hidden = true;
    if (deliveryForm) deliveryForm.hidden = true;
    outcome.hidden = false;
    outcome.setAttribute('data-result', body.result);
    document.getElementById('outcome-heading').textContent = body.result === 'Rejected' ? strings.rejected : strings.thanks;
    document.getElementById('outcome-detail').textContent = body.paymentName + ' · ' + body.purchaseIdentifier;
    outcome.focus();
    emit('PurchaseCompleted', { result: body.result, publicToken: main.getAttribute('data-public-token') });
  }

  /* ---- suspend() and resume() from the shop's page ---- */

  function suspend() {
    setBusy(true);
    say(strings.updating);
  }
  function refreshCart() {
    return fetch(pagePath + '/cart' + location.search)
      .then(function (response) {
        return response.ok ? response.text() : null;
      })
      .then(function (fragment) {
        if (fragment !== null) document.getElementById('cart').innerHTML = fragment;
      });
  }
  /* The page re-reads the order, and the shop's changes so far are no conflict any more. */
  function resume() {
    var done = function () {
      setBusy(false);
      say('');
      emit('Resumed');
    };
    Promise.all([refreshCart(), readState()]).then(function (answers) {
      var state = answers[1];
      if (state && state.expired) return expire();
      if (state) revision = state.revision;
      conflict.hidden = true;
      done();
    }, done);
  }

  window.addEventListener('message', function (event) {
    if (event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.source !== 'checkout-sandbox') return;
    if (data.kind === 'suspend') suspend();
    else if (data.kind === 'resume') resume();
    else if (data.kind === 'beforePaymentResult' && pending[data.id]) {
      pending[data.id]({ ok: data.ok, title: data.title, message: data.message });
      delete pending[data.id];
    }
  });

  // Tell the loader the page listens now, keep the iframe as tall as the page, watch the clock.
  keepHeight();
  metric('Initialized');
  if (typeof window.IntersectionObserver === 'function') {
    var seen = new window.IntersectionObserver(function (entries) {
      if (
        !entries.some(function (entry) {
          return entry.isIntersecting;
        })
      )
        return;
      seen.disconnect();
      metric('InView');
    });
    seen.observe(main);
  }
  watch();
})();

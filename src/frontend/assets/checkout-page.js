/*
 * checkout-sandbox: the hosted checkout page's script (runs inside the iframe).
 * Sends each step to the frontend surface (which runs the admin simulation's code), tells
 * the loader in the parent page which events to fire, and obeys suspend()/resume().
 * Plain ES2017, no build step.
 */
(function () {
  'use strict';
  var main = document.getElementById('checkout');
  if (!main) return;
  var strings = JSON.parse(document.getElementById('page-strings').textContent);
  var pagePath = location.pathname.replace(/\/$/, '');
  var embedded = window.parent !== window;
  var progress = document.getElementById('progress');
  var problem = document.getElementById('problem');
  var identifyForm = document.getElementById('identify');
  var payForm = document.getElementById('pay');
  var deliveryForm = document.getElementById('delivery');
  var shippingKey = null;
  var outcome = document.getElementById('outcome');
  var pending = {};
  var nextId = 1;

  function toParent(message) {
    if (!embedded) return;
    message.source = 'checkout-sandbox';
    // The merchant's origin is not known to the page; nothing sent here is secret.
    window.parent.postMessage(message, '*');
  }
  function emit(name, detail) { toParent({ kind: 'event', name: name, detail: detail || {} }); }

  function say(text) { progress.textContent = text || ''; }
  function showProblem(text) {
    problem.textContent = text;
    problem.hidden = false;
    problem.focus();
  }
  function clearProblem() { problem.hidden = true; problem.textContent = ''; }
  function setBusy(busy) {
    main.setAttribute('aria-busy', busy ? 'true' : 'false');
    [identifyForm, deliveryForm, payForm].forEach(function (form) {
      if (form) form.querySelector('fieldset').disabled = busy;
    });
  }

  function post(step, body) {
    return fetch(pagePath + '/' + step, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
      .then(function (response) {
        return response.json().then(function (json) { return { ok: response.ok, status: response.status, body: json }; });
      });
  }

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
      [['organization-number', 'data-organization-number'], ['company-name', 'data-company-name']].forEach(function (pair) {
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
      if (changed) emit('ShippingUpdated', { provider: shipping.provider, carrierId: shipping.carrierId, carrierName: shipping.carrierName, shippingFee: shipping.shippingFee, shippingFeeId: shipping.shippingFeeId });
    });
  }

  if (deliveryForm) {
    var checked = deliveryForm.querySelector('input[name=delivery]:checked');
    if (checked && main.getAttribute('data-status') !== 'Initialized') shippingKey = checked.getAttribute('data-carrier') + '/' + checked.value;
    deliveryForm.addEventListener('change', function (event) {
      var radio = event.target;
      if (!radio || radio.name !== 'delivery') return;
      clearProblem();
      setBusy(true);
      post('shipping', { carrier: radio.getAttribute('data-carrier'), option: radio.value }).then(function (answer) {
        setBusy(false);
        if (!answer.ok) return showProblem(answer.body.error ? answer.body.error.message : strings.failed);
        return shippingChosen(answer.body.shipping);
      }, function () { setBusy(false); showProblem(strings.failed); });
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
      post('customer', body).then(function (answer) {
        setBusy(false);
        if (!answer.ok) { say(''); return showProblem(answer.body.error ? answer.body.error.message : strings.failed); }
        main.setAttribute('data-status', answer.body.status);
        emit('CustomerUpdated', answer.body.customer);
        say(strings.identified);
        payForm.hidden = false;
        document.getElementById(deliveryForm ? 'delivery-legend' : 'payment-legend').focus();
        return shippingChosen(answer.body.shipping);
      }, function () { setBusy(false); say(''); showProblem(strings.failed); });
    });
  }

  if (payForm) {
    payForm.addEventListener('submit', function (event) {
      event.preventDefault();
      clearProblem();
      var paymentName = new FormData(payForm).get('paymentName');
      setBusy(true);
      say(strings.processing);
      beforePayment().then(function (answer) {
        if (!answer.ok) {
          setBusy(false);
          say('');
          return showProblem([answer.title, answer.message].filter(Boolean).join(': ') || strings.failed);
        }
        emit('Locked');
        return post('purchase', { paymentName: paymentName }).then(function (result) {
          setBusy(false);
          say('');
          if (result.ok) return completed(result.body);
          if (result.body.event === 'OrderValidationFailed') {
            emit('OrderValidationFailed', { message: result.body.error.message });
            emit('Unlocked');
            return showProblem(strings.validationFailed);
          }
          emit('Unlocked');
          showProblem(result.body.error ? result.body.error.message : strings.failed);
        });
      }).catch(function () { setBusy(false); say(''); emit('Unlocked'); showProblem(strings.failed); });
    });
  }

  function completed(body) {
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

  function suspend() {
    setBusy(true);
    say(strings.updating);
  }
  function refreshCart() {
    return fetch(pagePath + '/cart' + location.search).then(function (response) {
      return response.ok ? response.text() : null;
    }).then(function (fragment) {
      if (fragment !== null) document.getElementById('cart').innerHTML = fragment;
    });
  }
  function resume() {
    refreshCart().then(function () {
      setBusy(false);
      say('');
      emit('Resumed');
    }, function () { setBusy(false); say(''); emit('Resumed'); });
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

  // Tell the loader the page listens now, and keep the iframe as tall as the page.
  toParent({ kind: 'ready' });
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(function () { toParent({ kind: 'resize', height: document.documentElement.scrollHeight }); }).observe(document.body);
  }
})();

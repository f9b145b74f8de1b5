/*
 * checkout-sandbox dashboard (/__admin/ui). Uses the admin API only, and refreshes what an
 * event from GET /__admin/events says has changed. All data goes into the page through
 * textContent, never as HTML. Times shown are the sandbox clock's (fetched from the server;
 * a ticking clock is extrapolated with performance.now(), never with the browser's date).
 * Plain ES2017, no build step.
 */
(function () {
  'use strict';
  var ENVS = ['uat', 'prod'];
  var clock = { nowMs: 0, frozen: true, fetchedAt: 0 };
  var retirement = null;

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) { if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child); });
    return node;
  }
  function status(value) { return el('span', { class: 'status ' + value, text: value }); }
  function short(id) { return id ? id.slice(0, 8) + '…' : ''; }

  function api(method, path, body) {
    var init = { method: method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(path, init).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) throw new Error(json.error && json.error.message ? json.error.message : 'HTTP ' + response.status);
        return json;
      });
    });
  }

  /* Clock */
  function showClock() {
    var ms = clock.frozen ? clock.nowMs : clock.nowMs + (performance.now() - clock.fetchedAt);
    $('clock-now').textContent = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    $('clock-mode').textContent = clock.frozen ? '(frozen)' : '(ticking)';
    $('clock-freeze').textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
  }
  function takeClock(state) {
    clock = { nowMs: Date.parse(state.now), frozen: state.frozen, fetchedAt: performance.now() };
    showClock();
  }
  function refreshClock() { return api('GET', '/__admin/clock').then(takeClock); }
  function clockAction(promise) {
    $('clock-problem').hidden = true;
    return promise.then(function (state) { takeClock(state); refreshRetired(); }, function (error) {
      $('clock-problem').textContent = error.message;
      $('clock-problem').hidden = false;
    });
  }
  function shutdownMs() { return retirement ? Date.parse(retirement.shutdownAt) : NaN; }

  $('clock-set').addEventListener('submit', function (event) {
    event.preventDefault();
    var body = { frozen: $('clock-frozen').checked };
    if ($('clock-instant').value.trim()) body.now = $('clock-instant').value.trim();
    clockAction(api('PUT', '/__admin/clock', body));
  });
  $('clock-advance').addEventListener('submit', function (event) {
    event.preventDefault();
    clockAction(api('POST', '/__admin/clock/advance', { duration: $('clock-duration').value.trim() }));
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-advance]'), function (button) {
    button.addEventListener('click', function () { clockAction(api('POST', '/__admin/clock/advance', { duration: button.getAttribute('data-advance') })); });
  });
  $('clock-freeze').addEventListener('click', function () { clockAction(api('PUT', '/__admin/clock', { frozen: !clock.frozen })); });
  $('clock-shutdown').addEventListener('click', function () {
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs()).toISOString() }));
  });
  $('clock-before-shutdown').addEventListener('click', function () {
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs() - 60000).toISOString() }));
  });
  $('clock-real').addEventListener('click', function () { clockAction(api('DELETE', '/__admin/clock')); });

  /* Retired host */
  function refreshRetired() {
    return api('GET', '/__admin/retirement').then(function (r) {
      retirement = r;
      var open = r.state.open;
      var state = $('retired-state');
      state.textContent = '';
      state.appendChild(status(open ? 'open' : 'shut'));
      state.appendChild(document.createTextNode(open ? ' answering (announcing its shutdown)' : ' ' + r.state.cause + ' since ' + r.state.since + (r.state.until ? ' until ' + r.state.until : '')));
      $('retired-detail').textContent = r.hosts.uat + ' / ' + r.hosts.prod + ': shutdown at ' + r.shutdownAt +
        '; afterwards ' + (r.afterShutdown === 'refuse' ? 'connections are closed unanswered' : 'it answers 410') +
        (r.brownouts.length ? '; ' + r.brownouts.length + ' brownout window(s)' : '');
    });
  }

  /* Merchants, stores, API clients */
  function refreshMerchants(env) {
    return api('GET', '/__admin/' + env + '/merchants').then(function (body) {
      var box = document.querySelector('.merchants[data-env="' + env + '"]');
      box.textContent = '';
      body.merchants.forEach(function (m) {
        var inputId = 'new-client-' + env + '-' + m.id;
        var form = el('form', { class: 'new-client' }, [
          el('label', { for: inputId, text: 'New API client name' }),
          el('input', { id: inputId, name: 'name', value: 'Dashboard client', autocomplete: 'off' }),
          el('button', { type: 'submit', text: 'Create API client for ' + m.name }),
        ]);
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          api('POST', '/__admin/' + env + '/merchants/' + encodeURIComponent(m.id) + '/api-clients', { name: form.elements.name.value }).then(function (created) {
            showSecret(env, m, created);
            refreshMerchants(env);
          }, function (error) { alertIn(box, error.message); });
        });
        box.appendChild(el('div', { class: 'merchant' }, [
          el('strong', { text: m.name + ' (' + m.id + ')' }),
          el('p', { text: 'Stores: ' + m.stores.map(function (s) { return s.id + ' ' + s.countryCode + '/' + s.currency + ' ' + (s.salesSegment || 'B2C') + (s.profiles && s.profiles.length ? ' (profiles: ' + s.profiles.map(function (p) { return p.name; }).join(', ') + ')' : ''); }).join(', ') + ' · SharedKey user ' + m.sharedKey.username }),
          el('ul', {}, m.apiClients.map(function (c) {
            return el('li', { text: 'API client ' + c.clientId + (c.name ? ' "' + c.name + '"' : '') + (c.revokedAt ? ' (revoked)' : '') + ' · ' + c.secrets.length + ' secret(s)' });
          })),
          form,
        ]));
      });
    });
  }
  function alertIn(box, message) { box.insertBefore(el('p', { role: 'alert', text: message }), box.firstChild); }
  function showSecret(env, merchant, created) {
    var dl = $('secret-detail');
    dl.textContent = '';
    [['Environment', env.toUpperCase()], ['Merchant', merchant.name], ['client_id', created.clientId], ['client_secret', created.clientSecret], ['Token endpoint', created.tokenEndpoint], ['scope', created.scope]].forEach(function (pair) {
      dl.appendChild(el('dt', { text: pair[0] }));
      dl.appendChild(el('dd', { text: pair[1] }));
    });
    $('secret').hidden = false;
    $('secret').focus();
  }
  $('secret-close').addEventListener('click', function () {
    $('secret-detail').textContent = '';
    $('secret').hidden = true;
  });

  /* Checkouts, orders, callbacks */
  function fillTable(selector, env, rows) {
    var body = document.querySelector(selector + '[data-env="' + env + '"] tbody');
    body.textContent = '';
    rows.forEach(function (cells) {
      body.appendChild(el('tr', {}, cells.map(function (cell) { return el('td', cell && cell.url ? { class: 'url' } : {}, [cell && cell.node ? cell.node : String(cell === null || cell === undefined ? '' : cell)]); })));
    });
  }
  function refreshCheckouts(env) {
    return api('GET', '/__admin/' + env + '/checkouts').then(function (body) {
      fillTable('.checkouts', env, body.checkouts.slice().reverse().map(function (c) {
        var link = el('a', { href: c.hostedPage, target: '_blank', rel: 'noopener', text: 'Open' });
        link.appendChild(el('span', { class: 'visually-hidden', text: ' hosted page of checkout ' + c.privateId }));
        return [
          { node: el('code', { title: c.privateId, text: short(c.privateId) }) },
          { node: status(c.expired ? 'Expired' : c.status) },
          c.amountToPay + ' ' + c.currency + (c.purchaseResult ? ' · ' + c.purchaseResult : ''),
          c.reference,
          c.expiresAt,
          c.orderId ? short(c.orderId) : '',
          // Only a checkout the customer can still act on gets a link to its page.
          c.status === 'PurchaseCompleted' || c.status === 'Aborted' || c.expired ? '' : { node: link },
        ];
      }));
    });
  }
  function refreshOrders(env) {
    return api('GET', '/__admin/' + env + '/orders').then(function (body) {
      fillTable('.orders', env, body.orders.slice().reverse().map(function (o) {
        return [{ node: el('code', { title: o.orderId, text: short(o.orderId) }) }, { node: status(o.status) }, o.totalAmount + ' ' + o.currency, o.paymentMethod, o.reference, o.placedAt];
      }));
    });
  }
  function refreshCallbacks(env) {
    return api('GET', '/__admin/' + env + '/callbacks').then(function (body) {
      fillTable('.callbacks', env, body.callbacks.slice().reverse().map(function (r) {
        var attempts = r.attempts.map(function (a) { return a.status === null ? 'no answer' : String(a.status); }).join(', ');
        return [r.kind, short(r.privateId), { url: true, node: document.createTextNode(r.url) }, { node: status(r.state) }, attempts, r.nextAttemptAt];
      }));
    });
  }

  /* Fidelity: shown only while `checkout-sandbox record --compare` compares with the real service. */
  function shown(value) {
    if (value === null || value === undefined) return '(absent)';
    var text = typeof value === 'string' ? value : JSON.stringify(value);
    return text.length > 80 ? text.slice(0, 77) + '…' : text;
  }
  function refreshFidelity() {
    return api('GET', '/__admin/fidelity').then(function (body) {
      $('fidelity').hidden = !body.comparing;
      if (!body.comparing) return;
      var r = body.report;
      $('fidelity-summary').textContent = r.exchanges + ' exchanges recorded, ' + r.replayed + ' replayed in the shadow sandbox (scenario ' + body.scenario + '): ' +
        r.divergences.length + ' divergence' + (r.divergences.length === 1 ? '' : 's') + ', ' + r.catchUps.length + ' catch-up' + (r.catchUps.length === 1 ? '' : 's') + ' with what the customer did';
      var rows = document.querySelector('#fidelity-divergences tbody');
      rows.textContent = '';
      r.divergences.forEach(function (d) {
        rows.appendChild(el('tr', {}, [d.endpoint + ' (' + d.env + ' ' + d.surface + ')', d.kind, d.pointer === null ? '' : d.pointer, shown(d.real), shown(d.sandbox), String(d.count)].map(function (cell) { return el('td', { text: cell }); })));
      });
      var problems = $('fidelity-problems');
      problems.textContent = '';
      body.problems.forEach(function (p) { problems.appendChild(el('li', { role: 'alert', text: p })); });
    });
  }

  function refreshEnv(env) { return Promise.all([refreshCheckouts(env), refreshOrders(env), refreshCallbacks(env)]); }
  function refreshAll() {
    return Promise.all([refreshClock(), refreshRetired(), refreshFidelity()].concat(ENVS.map(refreshMerchants), ENVS.map(refreshEnv)));
  }

  /* Live updates: coalesce bursts of events into one refresh of what they touched. */
  var due = {};
  var timer = null;
  function schedule(what) {
    due[what] = true;
    if (timer) return;
    timer = setTimeout(function () {
      var todo = Object.keys(due);
      due = {};
      timer = null;
      todo.forEach(function (key) {
        if (key === 'clock') { refreshClock(); refreshRetired(); ENVS.forEach(refreshCheckouts); }
        else if (key === 'fidelity') refreshFidelity();
        else refreshEnv(key);
      });
    }, 150);
  }
  function logEvent(event) {
    var log = $('event-log');
    var what = event.type === 'request' ? event.method + ' ' + (event.surface || '') + ' ' + event.path : event.type;
    log.insertBefore(el('li', { text: event.at + ' ' + what + (event.env ? ' ' + event.env : '') + (event.status !== undefined && event.status !== null ? ' → ' + event.status : '') }), log.firstChild);
    while (log.children.length > 40) log.removeChild(log.lastChild);
  }

  var stream = new EventSource('/__admin/events');
  stream.onopen = function () { $('live').textContent = 'Live: updates follow the event stream'; };
  stream.onerror = function () { $('live').textContent = 'Event stream interrupted; reconnecting…'; };
  stream.onmessage = function (message) {
    var event = JSON.parse(message.data);
    logEvent(event);
    // A journaled request changes nothing by itself: the state changes it caused have their own events.
    if (event.type === 'request') return;
    if (event.type === 'fidelity.compared') schedule('fidelity');
    if (event.type === 'clock.changed') schedule('clock');
    else if (event.env) schedule(event.env);
  };
  document.body.setAttribute('data-live', 'pending');
  stream.addEventListener('open', function () { document.body.setAttribute('data-live', 'open'); });

  setInterval(showClock, 1000);
  refreshAll().catch(function (error) { $('live').textContent = 'Could not load: ' + error.message; });
})();

/*
 * checkout-sandbox dashboard (/__admin/ui). Uses the admin API only, and refreshes what an
 * event from GET /__admin/events says has changed: a `request` event is a row of the
 * requests panel as it stands (its headers and bodies are fetched when asked for) and makes
 * the migration report be read again. All data goes into the page through textContent, never
 * as HTML. Times shown are the sandbox clock's (fetched from the server; a ticking clock is
 * extrapolated with performance.now(), never with the browser's date); the retired host's state
 * is worked out from that clock every second (retiredHost, src/admin/assets/retired-host.js).
 * Plain ES2017, no build step.
 */
/* global retiredHost */
(function () {
  'use strict';
  var ENVS = ['uat', 'prod'];
  var clock = { nowMs: 0, frozen: true, fetchedAt: 0 };
  var retirement = null;
  /* Names for what the journal and the report give as ids: real host names per env/surface, merchants and API clients per env. */
  var hostNames = {};
  var merchantNames = { uat: {}, prod: {} };
  var clientNames = { uat: {}, prod: {} };

  function $(id) {
    return document.getElementById(id);
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      if (name === 'text') node.textContent = attrs[name];
      else node.setAttribute(name, attrs[name]);
    });
    (children || []).forEach(function (child) {
      if (child) node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }
  function status(value) {
    return el('span', { class: 'status ' + value, text: value });
  }
  function short(id) {
    return id ? id.slice(0, 8) + '…' : '';
  }
  function instant(iso) {
    return iso ? iso.replace(/\.\d{3}Z$/, 'Z') : '';
  }
  function sentence(text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  /* Spans of sandbox time in days and hours (hours and minutes when under a day), worded as the migration report's findings word them. */
  var MINUTE = 60000,
    HOUR = 60 * MINUTE,
    DAY = 24 * HOUR;
  function count(n, word) {
    return n + ' ' + word + (n === 1 ? '' : 's');
  }
  function span(ms) {
    var days = Math.floor(ms / DAY),
      hours = Math.floor((ms % DAY) / HOUR),
      minutes = Math.floor((ms % HOUR) / MINUTE);
    if (days > 0) return count(days, 'day') + ' ' + count(hours, 'hour');
    if (hours > 0) return count(hours, 'hour') + (minutes > 0 ? ' ' + count(minutes, 'minute') : '');
    return minutes > 0 ? count(minutes, 'minute') : 'less than a minute';
  }

  /* The answers of the first refresh, in the page (src/admin/ui.ts): each is taken once, so the first paint needs no round trip. */
  var firstPaint = JSON.parse($('first-paint').textContent || '{}');
  function api(method, path, body) {
    if (method === 'GET' && Object.prototype.hasOwnProperty.call(firstPaint, path)) {
      var answer = firstPaint[path];
      delete firstPaint[path];
      return Promise.resolve(answer);
    }
    var init = { method: method, headers: { 'content-type': 'application/json' } };
    if (body !== undefined) init.body = JSON.stringify(body);
    return fetch(path, init).then(function (response) {
      return response.json().then(function (json) {
        if (!response.ok) {
          var error = new Error(json.error && json.error.message ? json.error.message : 'HTTP ' + response.status);
          error.status = response.status;
          throw error;
        }
        return json;
      });
    });
  }

  /* Clock */
  function sandboxNow() {
    return clock.frozen ? clock.nowMs : clock.nowMs + (performance.now() - clock.fetchedAt);
  }
  function showClock() {
    var ms = sandboxNow();
    $('clock-now').textContent = new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');
    $('clock-local').textContent = retiredHost.local(ms);
    $('clock-mode').textContent = clock.frozen ? '(frozen)' : '(ticking)';
    $('clock-freeze').textContent = clock.frozen ? 'Unfreeze' : 'Freeze';
    showTimeLeft();
    showRetired();
  }
  function takeClock(state) {
    clock = { nowMs: Date.parse(state.now), frozen: state.frozen, fetchedAt: performance.now() };
    showClock();
  }
  function refreshClock() {
    return api('GET', '/__admin/clock').then(takeClock);
  }
  function clockAction(promise) {
    $('clock-problem').hidden = true;
    return promise.then(
      function (state) {
        takeClock(state);
        refreshRetired();
      },
      function (error) {
        $('clock-problem').textContent = error.message;
        $('clock-problem').hidden = false;
      },
    );
  }
  function shutdownMs() {
    return retirement ? Date.parse(retirement.shutdownAt) : NaN;
  }

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
    button.addEventListener('click', function () {
      clockAction(api('POST', '/__admin/clock/advance', { duration: button.getAttribute('data-advance') }));
    });
  });
  $('clock-freeze').addEventListener('click', function () {
    clockAction(api('PUT', '/__admin/clock', { frozen: !clock.frozen }));
  });
  $('clock-shutdown').addEventListener('click', function () {
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs()).toISOString() }));
  });
  $('clock-before-shutdown').addEventListener('click', function () {
    clockAction(api('PUT', '/__admin/clock', { now: new Date(shutdownMs() - 60000).toISOString() }));
  });
  $('clock-real').addEventListener('click', function () {
    clockAction(api('DELETE', '/__admin/clock'));
  });

  /* Retired host: its state, and the time left until its shutdown on the sandbox clock (or how long it has been shut). */
  function showTimeLeft() {
    var at = shutdownMs();
    if (isNaN(at)) return;
    var left = at - sandboxNow();
    var box = $('retired-countdown');
    box.parentNode.classList.toggle('shut', left <= 0);
    box.textContent = left > 0 ? span(left) + ' left until the shutdown' : 'Shut for ' + span(-left);
  }
  /* The badge and its sentence, from the schedule and the sandbox's now: each second, so it turns as the clock crosses a boundary. */
  function showRetired() {
    if (!retirement) return;
    var ms = sandboxNow();
    var said = retiredHost.wording(retirement, ms);
    var state = $('retired-state');
    if (state.getAttribute('data-state') !== said.badge || state.getAttribute('data-text') !== said.text) {
      state.setAttribute('data-state', said.badge);
      state.setAttribute('data-text', said.text);
      state.textContent = '';
      state.appendChild(status(said.badge === 'open' ? 'open' : said.badge === 'brownout' ? 'brownout' : 'shut'));
      state.appendChild(document.createTextNode(' ' + said.text));
    }
    var windows = retiredHost.brownouts(retirement, ms);
    $('retired-brownouts').hidden = windows === null;
    $('retired-brownouts').textContent = windows || '';
  }
  function refreshRetired() {
    return api('GET', '/__admin/retirement').then(function (r) {
      retirement = r;
      showTimeLeft();
      showRetired();
      $('retired-detail').textContent = 'UAT ' + r.hosts.uat + ', PROD ' + r.hosts.prod + '.';
    });
  }

  /* Merchants, stores, API clients */
  function refreshMerchants(env) {
    return api('GET', '/__admin/' + env + '/merchants').then(function (body) {
      var box = document.querySelector('.merchants[data-env="' + env + '"]');
      box.textContent = '';
      merchantNames[env] = {};
      clientNames[env] = {};
      body.merchants.forEach(function (m) {
        merchantNames[env][m.id] = m.name;
        m.apiClients.forEach(function (c) {
          clientNames[env][c.clientId] = { name: c.name, merchantId: m.id };
        });
        var inputId = 'new-client-' + env + '-' + m.id;
        var form = el('form', { class: 'new-client' }, [
          el('label', { for: inputId, text: 'New API client name' }),
          el('input', { id: inputId, name: 'name', value: 'Dashboard client', autocomplete: 'off' }),
          el('button', { type: 'submit', text: 'Create API client for ' + m.name }),
        ]);
        form.addEventListener('submit', function (event) {
          event.preventDefault();
          api('POST', '/__admin/' + env + '/merchants/' + encodeURIComponent(m.id) + '/api-clients', {
            name: form.elements.name.value,
          }).then(
            function (created) {
              showSecret(env, m, created);
              refreshMerchants(env);
            },
            function (error) {
              alertIn(box, error.message);
            },
          );
        });
        var keyForm = el('form', { class: 'inline' }, [
          el('label', { text: 'Webhook signing key ' }, [
            el('input', { name: 'key', value: m.webhookSigningKey || '', size: '40', 'aria-label': 'Webhook signing key of ' + m.name }),
          ]),
          el('button', { type: 'submit', text: 'Change key' }),
        ]);
        keyForm.addEventListener('submit', function (event) {
          event.preventDefault();
          api('PUT', '/__admin/' + env + '/merchants/' + encodeURIComponent(m.id) + '/callbacks', {
            webhookHmacKey: keyForm.elements.key.value,
          }).then(
            function () {
              refreshMerchants(env);
            },
            function (error) {
              alertIn(box, error.message);
            },
          );
        });
        box.appendChild(
          el('div', { class: 'merchant' }, [
            el('strong', { text: m.name + ' (' + m.id + ')' }),
            el('p', {
              text:
                'Stores: ' +
                m.stores
                  .map(function (s) {
                    return (
                      s.id +
                      ' ' +
                      s.countryCode +
                      '/' +
                      s.currency +
                      ' ' +
                      (s.salesSegment || 'B2C') +
                      (s.profiles && s.profiles.length
                        ? ' (profiles: ' +
                          s.profiles
                            .map(function (p) {
                              return p.name;
                            })
                            .join(', ') +
                          ')'
                        : '')
                    );
                  })
                  .join(', ') +
                ' · SharedKey user ' +
                m.sharedKey.username,
            }),
            el(
              'ul',
              {},
              m.apiClients.map(function (c) {
                return el('li', {
                  text:
                    'API client ' +
                    c.clientId +
                    (c.name ? ' "' + c.name + '"' : '') +
                    (c.revokedAt ? ' (revoked)' : '') +
                    ' · ' +
                    c.secrets.length +
                    ' secret(s)',
                });
              }),
            ),
            form,
            keyForm,
          ]),
        );
      });
      // A client created or renamed since: the report's cards name it.
      if (lastReport) showReport(lastReport);
    });
  }
  function alertIn(box, message) {
    box.insertBefore(el('p', { role: 'alert', text: message }), box.firstChild);
  }
  function showSecret(env, merchant, created) {
    var dl = $('secret-detail');
    dl.textContent = '';
    [
      ['Environment', env.toUpperCase()],
      ['Merchant', merchant.name],
      ['client_id', created.clientId],
      ['client_secret', created.clientSecret],
      ['Token endpoint', created.tokenEndpoint],
      ['scope', created.scope],
    ].forEach(function (pair) {
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
      body.appendChild(
        el(
          'tr',
          {},
          cells.map(function (cell) {
            return el('td', cell && cell.url ? { class: 'url' } : {}, [
              cell && cell.node ? cell.node : String(cell === null || cell === undefined ? '' : cell),
            ]);
          }),
        ),
      );
    });
  }
  /** An empty table says what to do first: the start page (this world's root) shows the first three steps. */
  function firstStepsRow(selector, env, what) {
    var body = document.querySelector(selector + '[data-env="' + env + '"] tbody');
    var columns = document.querySelectorAll(selector + '[data-env="' + env + '"] thead th').length;
    var link = el('a', { href: new URL('..', location.href).href, text: 'the start page' });
    body.appendChild(
      el('tr', { class: 'first-steps' }, [
        el('td', { colspan: String(columns) }, [
          'No ' + what + ' yet. First steps (a token, a checkout, a purchase) for this sandbox: ',
          link,
          '.',
        ]),
      ]),
    );
  }
  function refreshCheckouts(env) {
    return api('GET', '/__admin/' + env + '/checkouts').then(function (body) {
      if (body.checkouts.length === 0) {
        fillTable('.checkouts', env, []);
        firstStepsRow('.checkouts', env, 'checkouts');
        return;
      }
      fillTable(
        '.checkouts',
        env,
        body.checkouts
          .slice()
          .reverse()
          .map(function (c) {
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
          }),
      );
    });
  }
  function refreshOrders(env) {
    return api('GET', '/__admin/' + env + '/orders').then(function (body) {
      fillTable(
        '.orders',
        env,
        body.orders
          .slice()
          .reverse()
          .map(function (o) {
            return [
              { node: el('code', { title: o.orderId, text: short(o.orderId) }) },
              { node: status(o.status) },
              o.totalAmount + ' ' + o.currency,
              o.paymentMethod,
              o.reference,
              o.placedAt,
            ];
          }),
      );
    });
  }
  function refreshCallbacks(env) {
    return api('GET', '/__admin/' + env + '/callbacks').then(function (body) {
      fillTable(
        '.callbacks',
        env,
        body.callbacks
          .slice()
          .reverse()
          .map(function (r) {
            var attempts = r.attempts
              .map(function (a) {
                return a.status === null ? 'no answer' : String(a.status);
              })
              .join(', ');
            return [
              r.kind,
              short(r.privateId),
              { url: true, node: document.createTextNode(r.url) },
              { node: status(r.state) },
              attempts,
              r.nextAttemptAt,
            ];
          }),
      );
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
      $('fidelity-summary').textContent =
        r.exchanges +
        ' exchanges recorded, ' +
        r.replayed +
        ' replayed in the shadow sandbox (scenario ' +
        body.scenario +
        '): ' +
        r.divergences.length +
        ' divergence' +
        (r.divergences.length === 1 ? '' : 's') +
        ', ' +
        r.catchUps.length +
        ' catch-up' +
        (r.catchUps.length === 1 ? '' : 's') +
        ' with what the customer did';
      var rows = document.querySelector('#fidelity-divergences tbody');
      rows.textContent = '';
      r.divergences.forEach(function (d) {
        rows.appendChild(
          el(
            'tr',
            {},
            [
              d.endpoint + ' (' + d.env + ' ' + d.surface + ')',
              d.kind,
              d.pointer === null ? '' : d.pointer,
              shown(d.real),
              shown(d.sandbox),
              String(d.count),
            ].map(function (cell) {
              return el('td', { text: cell });
            }),
          ),
        );
      });
      var problems = $('fidelity-problems');
      problems.textContent = '';
      body.problems.forEach(function (p) {
        problems.appendChild(el('li', { role: 'alert', text: p }));
      });
    });
  }

  /* Who made a call, in words: the API client or SharedKey user and its merchant (names from the merchants list). */
  function callerOf(env, principal) {
    var p = principal || {};
    var client = p.clientId && clientNames[env] ? clientNames[env][p.clientId] : null;
    var merchantId = p.merchantId || (client ? client.merchantId : null);
    var merchant = merchantId
      ? merchantNames[env] && merchantNames[env][merchantId]
        ? merchantNames[env][merchantId] + ' (' + merchantId + ')'
        : 'merchant ' + merchantId
      : '';
    var who = p.clientId
      ? 'API client ' + (client && client.name ? client.name + ' (' + short(p.clientId) + ')' : p.clientId)
      : p.username
        ? 'SharedKey user ' + p.username
        : '';
    return { who: who, merchant: merchant };
  }

  /* Requests: one row per journal entry (newest first), filtered by env, host and status class. */
  var REQUEST_ROWS = Number($('request-log').getAttribute('data-rows'));
  /* What the page's host filter names each host (the server fills it from the surfaces' records), and the journal query for them all. */
  var SURFACE_NAMES = {};
  Array.prototype.forEach.call(document.querySelectorAll('#filter-surface option[value]:not([value=""])'), function (option) {
    SURFACE_NAMES[option.value] = option.textContent;
  });
  var REQUEST_SURFACES = Object.keys(SURFACE_NAMES).join(',');
  var NEAR_MISS_NAMES = {
    route: 'Closest operation',
    'sharedkey-username': 'Closest username',
    'sharedkey-path': 'Signed instead',
    'sharedkey-signature': 'Signature',
    'bearer-environment': 'Token',
    host: 'Host',
  };
  var shownIds = {};

  function statusClass(value) {
    if (typeof value !== 'number') return 'refused';
    return value === 900 ? '900' : Math.floor(value / 100) + 'xx';
  }
  /* The date and the time of day, with room to wrap between them on a narrow or enlarged page. */
  function whenParts(iso) {
    var t = iso.indexOf('T') + 1;
    return [el('span', { text: iso.slice(0, t) }), el('wbr'), el('span', { text: iso.slice(t) })];
  }
  function nearMissText(miss) {
    return (NEAR_MISS_NAMES[miss.kind] || miss.kind) + ': ' + miss.closest + ' (' + miss.differs + ')';
  }
  function requestFilter() {
    var form = $('request-filters');
    return { env: form.elements.env.value, surface: form.elements.surface.value, status: form.elements.status.value };
  }
  function matches(row, filter) {
    return (
      (!filter.env || row.getAttribute('data-env') === filter.env) &&
      (!filter.surface || row.getAttribute('data-surface') === filter.surface) &&
      (!filter.status || row.getAttribute('data-status') === filter.status)
    );
  }
  function applyFilter() {
    var filter = requestFilter();
    var rows = document.querySelectorAll('#request-log tbody tr.request');
    var shown = 0;
    Array.prototype.forEach.call(rows, function (row) {
      var visible = matches(row, filter);
      row.hidden = !visible;
      var detail = row.nextElementSibling;
      if (detail && detail.classList.contains('detail'))
        detail.hidden = !visible || row.querySelector('button').getAttribute('aria-expanded') !== 'true';
      if (visible) shown++;
    });
    $('requests-shown').textContent = rows.length
      ? shown + ' of ' + rows.length + ' shown'
      : 'No requests yet: calls to any host show here as they arrive.';
  }
  $('request-filters').addEventListener('change', applyFilter);
  $('request-filters').addEventListener('submit', function (event) {
    event.preventDefault();
  });

  /* Who made the call: the integration; on the hosted page the customer's browser; for a call to the merchant, the sandbox itself. */
  function whoText(entry, caller) {
    if (entry.direction === 'out') return 'the sandbox (' + entry.kind + ')';
    if (caller.who) return caller.who;
    return entry.surface === 'frontend' ? "the customer's browser" : 'not identified';
  }
  function requestRow(entry) {
    var env = entry.env || '';
    var out = entry.direction === 'out';
    var caller = callerOf(env, entry.principal);
    var hostName = out ? entry.host : hostNames[env + '/' + entry.surface] || entry.host;
    var path = el('td', { class: 'path' }, [el('code', { text: entry.path + (entry.query ? '?' + entry.query : '') })]);
    (entry.nearMisses || []).forEach(function (miss) {
      path.appendChild(el('span', { class: 'near-miss', text: nearMissText(miss) }));
    });
    var cls = statusClass(entry.status);
    var outcome = el('td', {}, [el('span', { class: 'status s' + cls, text: entry.status === null ? 'no answer' : String(entry.status) })]);
    if (entry.auth && entry.auth !== 'none' && !/:ok$/.test(entry.auth)) outcome.appendChild(document.createTextNode(' ' + entry.auth));
    var button = el('button', { type: 'button', 'aria-expanded': 'false', text: 'Details' });
    button.appendChild(el('span', { class: 'visually-hidden', text: ' of request ' + entry.id }));
    var row = el(
      'tr',
      { class: 'request', 'data-id': String(entry.id), 'data-env': env, 'data-surface': entry.surface || '', 'data-status': cls },
      [
        el('td', { class: 'when' }, whenParts(instant(entry.at))),
        el('td', { text: env.toUpperCase() }),
        el('td', {}, [
          entry.surface ? SURFACE_NAMES[entry.surface] || entry.surface : 'no host matched',
          el('span', { class: 'host-name', text: hostName }),
        ]),
        el('td', { text: entry.method }),
        path,
        outcome,
        el('td', {}, [
          whoText(entry, caller),
          caller.merchant ? el('span', { class: 'integration-merchant', text: caller.merchant }) : null,
        ]),
        el('td', {}, [button]),
      ],
    );
    button.addEventListener('click', function () {
      toggleDetail(row, button, entry.id);
    });
    return row;
  }

  /* Newest first, whatever order the list and the stream deliver them in; each entry once. */
  function addRequest(entry) {
    if (entry.direction === undefined || entry.surface === 'admin' || shownIds[entry.id]) return;
    shownIds[entry.id] = true;
    var body = document.querySelector('#request-log tbody');
    var row = requestRow(entry);
    row.hidden = !matches(row, requestFilter());
    var before = body.firstElementChild;
    while (before && (!before.classList.contains('request') || Number(before.getAttribute('data-id')) > entry.id))
      before = before.nextElementSibling;
    body.insertBefore(row, before);
    var rows = body.querySelectorAll('tr.request');
    for (var i = rows.length - 1; i >= REQUEST_ROWS; i--) {
      var old = rows[i];
      if (old.nextElementSibling && old.nextElementSibling.classList.contains('detail')) body.removeChild(old.nextElementSibling);
      delete shownIds[old.getAttribute('data-id')];
      body.removeChild(old);
    }
  }
  function refreshRequests() {
    return api('GET', '/__admin/requests?surface=' + REQUEST_SURFACES + '&limit=' + REQUEST_ROWS).then(function (body) {
      body.requests.forEach(addRequest);
      applyFilter();
    });
  }

  function bodyText(body) {
    if (!body) return '(none)';
    var text = body.json !== undefined ? JSON.stringify(body.json, null, 2) : body.text;
    return text + (body.truncated ? '\n… (cut at 8 KiB of ' + body.bytes + ' bytes)' : '');
  }
  function detailOf(entry) {
    var facts = [
      ['Operation', entry.operation || 'none matched'],
      ['Authentication', entry.auth + (entry.authCause ? ': ' + entry.authCause : '')],
      ['Host header', entry.host],
      ['Latency', entry.latencyMs + ' ms'],
      ['Machine time', entry.realTime],
    ];
    if (entry.url) facts.push(['URL', entry.url]);
    if (entry.error) facts.push(['Error', entry.error]);
    var dl = el('dl');
    facts.forEach(function (pair) {
      dl.appendChild(el('dt', { text: pair[0] }));
      dl.appendChild(el('dd', { text: pair[1] }));
    });
    var headers = Object.keys(entry.request.headers)
      .map(function (name) {
        return name + ': ' + entry.request.headers[name];
      })
      .join('\n');
    return [
      dl,
      entry.nearMisses
        ? el(
            'ul',
            { class: 'near-misses' },
            entry.nearMisses.map(function (miss) {
              return el('li', { text: nearMissText(miss) });
            }),
          )
        : null,
      el('h4', { text: 'Request headers (secrets masked)' }),
      el('pre', { class: 'headers', text: headers || '(none kept)' }),
      el('h4', { text: 'Request body' }),
      el('pre', { class: 'request-body', text: bodyText(entry.request.body) }),
      el('h4', { text: 'Response body' }),
      el('pre', { class: 'response-body', text: bodyText(entry.response.body) }),
    ];
  }
  function toggleDetail(row, button, id) {
    var next = row.nextElementSibling;
    if (next && next.classList.contains('detail')) {
      var open = button.getAttribute('aria-expanded') === 'true';
      button.setAttribute('aria-expanded', open ? 'false' : 'true');
      next.hidden = open;
      return;
    }
    var cell = el('td', { colspan: '8', text: 'Loading…' });
    var detail = el('tr', { class: 'detail', id: 'request-detail-' + id }, [cell]);
    row.parentNode.insertBefore(detail, row.nextSibling);
    button.setAttribute('aria-controls', detail.id);
    button.setAttribute('aria-expanded', 'true');
    api('GET', '/__admin/requests/' + id).then(
      function (entry) {
        cell.textContent = '';
        detailOf(entry).forEach(function (node) {
          if (node) cell.appendChild(node);
        });
      },
      function (error) {
        cell.textContent = error.message;
      },
    );
  }

  /* The migration report: per integration, its calls to each host and what to do about them. */
  var lastReport = null;
  /* The report's groups of hosts, each named as the host filter names its surface. */
  var HOST_GROUPS = [
    ['retired', 'retired'],
    ['legacy', 'legacy'],
    ['current', 'api'],
  ].map(function (group) {
    var name = SURFACE_NAMES[group[1]];
    return [group[0], name.charAt(0).toUpperCase() + name.slice(1)];
  });
  function rank(p) {
    return p.retired.calls > 0 ? 0 : p.legacy.calls > 0 ? 1 : p.current.calls > 0 ? 2 : 3;
  }
  function integrationCard(p) {
    var env = p.envs[0] || 'uat';
    var caller = callerOf(
      env,
      p.kind === 'client'
        ? { clientId: p.principal, merchantId: p.merchantId }
        : p.kind === 'sharedkey'
          ? { username: p.principal, merchantId: p.merchantId }
          : {},
    );
    var title = caller.who || 'Calls without credentials';
    var hosts = el(
      'ul',
      { class: 'hosts' },
      HOST_GROUPS.map(function (group) {
        var calls = p[group[0]];
        return el('li', { class: group[0] + (calls.calls ? ' used' : '') }, [
          el('span', { class: 'label', text: group[1] }),
          el('span', { class: 'count', text: String(calls.calls) }),
          el('span', { class: 'when', text: calls.lastSeen ? 'last ' + instant(calls.lastSeen) : 'no calls' }),
        ]);
      }),
    );
    var findings = el(
      'ul',
      { class: 'findings' },
      p.findings.map(function (f) {
        return el('li', { class: 'finding ' + f.code }, [
          el('span', { class: 'severity ' + f.severity, text: f.severity }),
          sentence(f.message),
        ]);
      }),
    );
    var failures = p.authFailures
      .slice(-3)
      .reverse()
      .map(function (f) {
        return el('li', {
          text:
            instant(f.at) +
            ' ' +
            f.method +
            ' ' +
            (SURFACE_NAMES[f.surface] || f.surface || '') +
            ' ' +
            f.path +
            ' → ' +
            f.status +
            ' ' +
            f.auth +
            ': ' +
            f.cause,
        });
      });
    return el('article', { class: 'integration on-' + ['retired', 'legacy', 'current', 'none'][rank(p)], 'data-principal': p.principal }, [
      el('h3', {}, [
        title,
        caller.merchant ? el('span', { class: 'who', text: ' · ' + caller.merchant }) : null,
        el('span', { class: 'who', text: ' · ' + p.envs.join(', ').toUpperCase() }),
      ]),
      el('p', { class: 'last-seen', text: 'Last seen ' + instant(p.lastSeen) }),
      hosts,
      findings,
      failures.length ? el('ul', { class: 'failures', 'aria-label': 'Latest authentication failures' }, failures) : null,
      readinessOf(p),
    ]);
  }

  /* Go-live readiness on the card: each item met, not met (its evidence a click away in the requests panel) or not seen. */
  var READINESS_WORDS = { met: 'met', 'not-met': 'not met', 'not-seen': 'not seen' };
  function readinessOf(p) {
    if (!p.readiness || !p.readiness.length) return null;
    var tally = function (status) {
      return p.readiness.filter(function (item) {
        return item.status === status;
      }).length;
    };
    var items = p.readiness.map(function (item) {
      var evidence =
        item.status === 'not-met' && item.evidence.length
          ? el(
              'span',
              { class: 'evidence' },
              ['Evidence: '].concat(
                item.evidence.map(function (id) {
                  var link = el('button', {
                    type: 'button',
                    class: 'evidence-link',
                    'data-entry': String(id),
                    'aria-label': 'Show request ' + id + ' in the requests panel',
                    text: '#' + id,
                  });
                  link.addEventListener('click', function () {
                    showEvidence(id);
                  });
                  return link;
                }),
              ),
            )
          : null;
      // Not seen: one line, how to exercise it on hover; not met: what was seen, what to change, the evidence.
      return el(
        'li',
        {
          class: 'readiness-item ' + item.status,
          'data-item': item.id,
          'data-status': item.status,
          title: item.status === 'not-seen' ? item.detail + ' ' + item.advice : '',
        },
        [
          el('span', { class: 'readiness-status ' + item.status, text: READINESS_WORDS[item.status] }),
          el('span', { class: 'readiness-title', text: item.title }),
          el('a', { class: 'readiness-source', href: item.source, target: '_blank', rel: 'noopener', text: 'why' }),
          item.status === 'not-met' ? el('span', { class: 'readiness-detail', text: item.detail + ' ' + item.advice }) : null,
          evidence,
        ],
      );
    });
    return el('section', { class: 'readiness', 'aria-label': 'Go-live readiness' }, [
      el('h4', {
        class: 'readiness-summary',
        text: 'Go-live readiness: ' + tally('met') + ' met, ' + tally('not-met') + ' not met, ' + tally('not-seen') + ' not seen',
      }),
      el('ul', { class: 'readiness-items' }, items),
    ]);
  }
  /* An evidence entry in the requests panel: shown (fetched when the panel no longer lists it), scrolled to, its detail open. */
  function showEvidence(id) {
    var existing = document.querySelector('#request-log tr.request[data-id="' + id + '"]');
    var ready = existing
      ? Promise.resolve(existing)
      : api('GET', '/__admin/requests/' + id).then(function (entry) {
          var row = requestRow(entry);
          shownIds[entry.id] = true;
          var body = document.querySelector('#request-log tbody');
          var before = body.firstElementChild;
          while (before && (!before.classList.contains('request') || Number(before.getAttribute('data-id')) > entry.id))
            before = before.nextElementSibling;
          body.insertBefore(row, before);
          return row;
        });
    ready.then(
      function (row) {
        row.hidden = false;
        document.querySelectorAll('#request-log tr.evidence-shown').forEach(function (other) {
          other.classList.remove('evidence-shown');
        });
        row.classList.add('evidence-shown');
        var button = row.querySelector('button');
        if (button && button.getAttribute('aria-expanded') !== 'true') button.click();
        row.scrollIntoView({ block: 'center' });
      },
      function () {
        $('requests-shown').textContent = 'Request ' + id + ' is no longer in the journal (its ring keeps the newest entries only).';
      },
    );
  }
  function showReport(report) {
    lastReport = report;
    var principals = report.principals.slice().sort(function (a, b) {
      return rank(a) - rank(b);
    });
    var on = function (group) {
      return principals.filter(function (p) {
        return p[group].calls > 0;
      }).length;
    };
    $('migration-summary').textContent =
      principals.length === 0
        ? 'No integration has called yet: calls to the retired, legacy and current hosts show here as they arrive.'
        : count(principals.length, 'integration') +
          ' seen in the latest ' +
          count(report.entries, 'request') +
          ': ' +
          on('retired') +
          ' still calling the ' +
          SURFACE_NAMES.retired +
          ', ' +
          on('legacy') +
          ' the ' +
          SURFACE_NAMES.legacy +
          ', ' +
          on('current') +
          ' the ' +
          SURFACE_NAMES.api +
          '.';
    var box = $('migration-integrations');
    box.textContent = '';
    principals.forEach(function (p) {
      box.appendChild(integrationCard(p));
    });
  }
  function refreshReport() {
    return api('GET', '/__admin/report').then(showReport);
  }
  /* The report reads the whole journal: under a stream of requests it is read again at most once a second. */
  var reportTimer = null;
  var reportReadAt = -Infinity;
  function scheduleReport() {
    if (reportTimer) return;
    reportTimer = setTimeout(
      function () {
        reportTimer = null;
        reportReadAt = performance.now();
        refreshReport();
      },
      Math.max(150, reportReadAt + 1000 - performance.now()),
    );
  }

  function refreshHosts() {
    return api('GET', '/__admin/hosts').then(function (body) {
      body.hosts.forEach(function (h) {
        hostNames[h.env + '/' + h.surface] = h.realHost;
      });
    });
  }

  /*
   * The migration demo (POST /__admin/demo/migration): played by the sandbox, told here step by
   * step from its demo.* events; the other panels follow the shop's calls as they always do.
   * Opened as /__admin/ui?demo=migration (the start page's link), the page plays it at once.
   */
  var demo = { merchant: null, clickedAt: null };
  function demoWho(principal) {
    if (demo.merchant && principal === demo.merchant.sharedKeyUsername) return 'SharedKey user ' + principal;
    return 'API client ' + principal;
  }
  function demoStep(step) {
    var changes = (step.readiness || []).map(function (r) {
      return el('li', {
        class: 'demo-readiness ' + r.to,
        text: demoWho(r.principal) + ': ' + r.item + ' ' + (r.from ? READINESS_WORDS[r.from] + ' → ' : '') + READINESS_WORDS[r.to],
      });
    });
    return el('li', { class: 'demo-step', 'data-step': String(step.step) }, [
      el('strong', { text: step.title }),
      el('span', { class: 'demo-detail', text: ' ' + step.detail }),
      el('span', { class: 'demo-at', text: ' (sandbox time ' + instant(step.at) + ', ' + retiredHost.when(step.at) + ')' }),
      changes.length ? el('ul', { class: 'demo-changes', 'aria-label': 'Readiness items this step changed' }, changes) : null,
    ]);
  }
  function showDemoState(state, text) {
    $('demo').setAttribute('data-state', state);
    $('demo-state').textContent = text;
    $('demo-play').disabled = state === 'running';
  }
  /* Each step once, in order, whether it came as an event or in a read of the run. */
  function addDemoStep(step) {
    if (document.querySelector('#demo-steps li[data-step="' + step.step + '"]')) return;
    var list = $('demo-steps');
    var before = list.firstElementChild;
    while (before && Number(before.getAttribute('data-step')) < step.step) before = before.nextElementSibling;
    list.insertBefore(demoStep(step), before);
  }
  function showDemo(run) {
    demo.merchant = run.merchant;
    run.steps.forEach(addDemoStep);
    if (run.state === 'running') showDemoState('running', 'Playing: step ' + run.steps.length + ' of ' + run.of + ' done…');
    else if (run.state === 'finished') showDemoState('finished', 'Finished: ' + count(run.steps.length, 'step') + '.');
    else if (run.state === 'failed') showDemoState('failed', 'Stopped at step ' + (run.steps.length + 1) + ': ' + run.error);
    else showDemoState('not-started', '');
  }
  function refreshDemo() {
    return api('GET', '/__admin/demo/migration').then(showDemo);
  }
  function playDemo() {
    demo.clickedAt = performance.now();
    $('demo-steps').textContent = '';
    showDemoState('running', 'Starting…');
    // The steps come as events, some before this answer: it only names the shop.
    return api('POST', '/__admin/demo/migration', {}).then(
      function (run) {
        demo.merchant = run.merchant;
      },
      function (error) {
        showDemoState('failed', error.message);
      },
    );
  }
  $('demo-play').addEventListener('click', playDemo);
  function onDemoEvent(event) {
    if (event.type === 'demo.started') {
      $('demo-steps').textContent = '';
      showDemoState('running', 'Playing: step 0 of ' + event.of + ' done…');
    } else if (event.type === 'demo.step') {
      addDemoStep(event);
      showDemoState('running', 'Playing: step ' + event.step + ' of ' + event.of + ' done…');
    } else if (event.type === 'demo.finished') {
      var took = demo.clickedAt === null ? '' : ' in ' + ((performance.now() - demo.clickedAt) / 1000).toFixed(1) + ' s';
      demo.clickedAt = null;
      if (event.state === 'finished') showDemoState('finished', 'Finished: ' + count(event.steps, 'step') + took + '.');
      else showDemoState('failed', 'Stopped at step ' + (event.steps + 1) + ': ' + event.error);
    }
  }
  /* ?demo=migration: the demo panel in view, and the demo played (the address then forgets it, so a reload does not play it again). */
  function demoFromAddress() {
    var query = new URLSearchParams(location.search);
    if (query.get('demo') !== 'migration') return;
    query.delete('demo');
    var rest = query.toString();
    window.history.replaceState(null, '', location.pathname + (rest ? '?' + rest.replace(/=(&|$)/g, '$1') : ''));
    $('demo').scrollIntoView({ block: 'start' });
    if ($('demo').getAttribute('data-state') === 'running') return;
    // Its steps come as events: played once the stream is open, so none is missed.
    if (opened) playDemo();
    else stream.addEventListener('open', playDemo, { once: true });
  }

  /* Large type, high contrast: for a projector. The address keeps it (/__admin/ui?projector), so a reload or a bookmark opens it so. */
  function projector(on) {
    document.documentElement.classList.toggle('projector', on);
    $('projector').setAttribute('aria-pressed', on ? 'true' : 'false');
  }
  $('projector').addEventListener('click', function () {
    var on = !document.documentElement.classList.contains('projector');
    projector(on);
    window.history.replaceState(null, '', location.pathname + (on ? '?projector' : ''));
  });
  projector(new URLSearchParams(location.search).has('projector'));

  /*
   * Under `checkout-sandbox record` the calls on an emulated world (clock, retired host,
   * merchants, checkouts, orders, callbacks) answer 409: a recorder forwards every request and
   * has no world. Such a section says so, once, instead of the page failing to load.
   */
  function withoutWorld(sectionId, what) {
    return function (error) {
      if (error.status !== 409) throw error;
      var section = $(sectionId);
      if (section.hasAttribute('data-unavailable')) return;
      section.setAttribute('data-unavailable', 'record');
      Array.prototype.slice.call(section.children, 1).forEach(function (child) {
        child.hidden = true;
      });
      section.appendChild(
        el('p', {
          class: 'unavailable',
          text:
            'A recording sandbox (checkout-sandbox record) has no ' +
            what +
            ': it forwards every request to its upstream. The requests, the migration report and the fidelity comparison below are its own.',
        }),
      );
    };
  }
  var ENV_PARTS = 'merchants, checkouts, orders or callbacks';
  function refreshEnv(env) {
    return Promise.all([refreshCheckouts(env), refreshOrders(env), refreshCallbacks(env)]).catch(withoutWorld('env-' + env, ENV_PARTS));
  }
  function refreshAll() {
    // Names first, so the requests and the report read as names rather than ids.
    var names = Promise.all(
      [refreshHosts()].concat(
        ENVS.map(function (env) {
          return refreshMerchants(env).catch(withoutWorld('env-' + env, ENV_PARTS));
        }),
      ),
    );
    return Promise.all(
      [
        refreshClock().catch(withoutWorld('clock', 'clock of its own')),
        refreshRetired().catch(withoutWorld('retired', 'retired host schedule')),
        refreshDemo().catch(withoutWorld('demo', 'world for a demo shop to play in')),
        refreshFidelity(),
        names.then(function () {
          return Promise.all([refreshRequests(), refreshReport()]);
        }),
      ].concat(ENVS.map(refreshEnv)),
    );
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
        if (key === 'clock') {
          refreshClock();
          refreshRetired();
          refreshReport();
          ENVS.forEach(refreshCheckouts);
        } else if (key === 'fidelity') refreshFidelity();
        else refreshEnv(key);
      });
    }, 150);
  }
  function logEvent(event) {
    var log = $('event-log');
    var what = event.type === 'request' ? event.method + ' ' + (event.surface || '') + ' ' + event.path : event.type;
    log.insertBefore(
      el('li', {
        text:
          event.at +
          ' ' +
          what +
          (event.env ? ' ' + event.env : '') +
          (event.status !== undefined && event.status !== null ? ' → ' + event.status : ''),
      }),
      log.firstChild,
    );
    while (log.children.length > 40) log.removeChild(log.lastChild);
  }

  var stream = new EventSource('/__admin/events');
  var opened = false;
  stream.onopen = function () {
    $('live').textContent = 'Live: updates follow the event stream';
    // After a reconnection, what the stream missed is read from the journal.
    if (opened)
      Promise.all([refreshRequests().then(refreshReport), refreshDemo()]).catch(function () {
        /* the next event retries */
      });
    opened = true;
  };
  stream.onerror = function () {
    $('live').textContent = 'Event stream interrupted; reconnecting…';
  };
  stream.onmessage = function (message) {
    var event = JSON.parse(message.data);
    logEvent(event);
    if (event.type === 'request') {
      addRequest(event);
      applyFilter();
      scheduleReport();
      // A merchant creating or changing a checkout or an order has no event of its own: a write of theirs that succeeded refreshes the environment's lists.
      var merchantCall = event.surface === 'api' || event.surface === 'legacy' || event.surface === 'retired';
      if (merchantCall && event.method !== 'GET' && typeof event.status === 'number' && event.status < 300) schedule(event.env);
      return;
    }
    if (event.type.indexOf('demo.') === 0) onDemoEvent(event);
    if (event.type === 'fidelity.compared') schedule('fidelity');
    if (event.type === 'clock.changed') {
      takeClock({ now: event.now, frozen: event.frozen });
      schedule('clock');
    } else if (event.env) schedule(event.env);
  };
  document.body.setAttribute('data-live', 'pending');
  stream.addEventListener('open', function () {
    document.body.setAttribute('data-live', 'open');
  });

  setInterval(showClock, 1000);
  refreshAll()
    .then(demoFromAddress)
    .catch(function (error) {
      $('live').textContent = 'Could not load: ' + error.message;
    });
})();

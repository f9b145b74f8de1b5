/*
 * The retired host's state as the dashboard shows it, worked out in the page from the schedule
 * GET /__admin/retirement gives and the sandbox's now (the dashboard's ticking clock), so the
 * badge changes the second the clock crosses a boundary, without a round trip. The rule is the
 * sandbox's own (src/domain/retirement.ts): shut from shutdownAt on, shut during a brownout
 * window before it, open otherwise. Every instant is written in UTC and in the merchants' zone.
 * No DOM here: the dashboard's script (served after this one) renders it.
 * Plain ES2017, no build step.
 */
/* exported retiredHost */
var retiredHost = (function () {
  'use strict';
  var ZONE = 'Europe/Stockholm';
  var formats = {};
  function format(zone, seconds) {
    var key = zone + (seconds ? ' s' : '');
    if (!formats[key])
      formats[key] = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        day: 'numeric',
        month: 'short',
        hour: '2-digit',
        minute: '2-digit',
        second: seconds ? '2-digit' : undefined,
        hourCycle: 'h23',
      });
    return formats[key];
  }
  /* "31 Oct 00:00": day, month and time of day in the zone, whatever punctuation the locale puts between them. */
  function wallTime(ms, zone, seconds) {
    var parts = {};
    format(zone, seconds)
      .formatToParts(ms)
      .forEach(function (part) {
        parts[part.type] = part.value;
      });
    return parts.day + ' ' + parts.month + ' ' + parts.hour + ':' + parts.minute + (seconds ? ':' + parts.second : '');
  }
  /* The sandbox clock's now in the merchants' zone, to the second: "31 Oct 00:00:12". */
  function local(ms) {
    return wallTime(Math.floor(ms / 1000) * 1000, ZONE, true);
  }
  /* "30 Oct 23:00 UTC (31 Oct 00:00 Stockholm)" */
  function when(iso) {
    var ms = Date.parse(iso);
    return wallTime(ms, 'UTC') + ' UTC (' + wallTime(ms, ZONE) + ' Stockholm)';
  }

  function state(retirement, nowMs) {
    if (nowMs >= Date.parse(retirement.shutdownAt)) return { open: false, cause: 'shutdown', since: retirement.shutdownAt };
    var windows = retirement.brownouts.filter(function (b) {
      return Date.parse(b.start) <= nowMs && nowMs < Date.parse(b.end);
    });
    if (windows.length) return { open: false, cause: 'brownout', since: windows[0].start, until: windows[0].end };
    return { open: true };
  }

  /* What a client gets while the host does not answer. */
  function refusal(retirement) {
    return retirement.afterShutdown === 'refuse'
      ? 'connections are closed with no answer'
      : 'calls are answered 410 Host_Retired, naming the current API and the legacy host';
  }

  /* One plain wording per state: the badge's word and the sentence beside it. */
  function wording(retirement, nowMs) {
    var now = state(retirement, nowMs);
    if (now.open) {
      return {
        badge: 'open',
        text: 'Answering until the shutdown at ' + when(retirement.shutdownAt) + ', and announcing it in Deprecation and Sunset headers.',
      };
    }
    if (now.cause === 'brownout') {
      return {
        badge: 'brownout',
        text: 'In a brownout until ' + when(now.until) + ': ' + refusal(retirement) + '; then it answers again until the shutdown.',
      };
    }
    return { badge: 'shut', text: 'Shut down since ' + when(now.since) + ': ' + refusal(retirement) + '.' };
  }

  /* Where the schedule has brownout windows: what one is, and each window (past ones marked), else null. */
  function brownouts(retirement, nowMs) {
    if (!retirement.brownouts.length) return null;
    var windows = retirement.brownouts.map(function (b) {
      return 'from ' + when(b.start) + ' to ' + when(b.end) + (Date.parse(b.end) <= nowMs ? ' (past)' : '');
    });
    return (
      'A brownout is a planned window before the shutdown when the host does not answer (' +
      refusal(retirement) +
      '), as a rehearsal: a shop still calling it finds out while it can still move. Windows: ' +
      windows.join('; ') +
      '.'
    );
  }

  return { ZONE: ZONE, when: when, local: local, state: state, wording: wording, brownouts: brownouts };
})();

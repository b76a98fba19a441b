// One account's page of the fleet site: its trend, what changed, its failing policies.
(function () {
  'use strict';

  const site = window.cspmSite;
  const {
    load,
    h,
    failingOrder,
    severityRank,
    percentText,
    changeText,
    dayText,
    badge,
    lineChart,
    figure,
    table,
    accountRows: accounts,
  } = site;

  // --- one account ---

  async function accountView(key) {
    if (!/^[0-9a-f]{16}$/.test(key)) throw new Error('no such account');
    const [overview, rows] = await Promise.all([load('overview'), accounts()]);
    const account = rows.find((row) => row.key === key);
    if (!account) throw new Error('no such account');
    const detail = await load('account/' + key);
    const scans = detail.scans;
    const last = scans.length - 1;
    const latest = scans[last];
    const colourAt = (policy, scan) => {
      let code = 0;
      for (let at = 0; at < policy.changes.length && policy.changes[at] <= scan; at += 2) code = policy.changes[at + 1];
      return code;
    };
    const since = (policy) => policy.changes[policy.changes.length - 2];
    const current = (policy) => policy.changes[policy.changes.length - 1];
    const byWorst = (a, b) =>
      failingOrder[current(a)] - failingOrder[current(b)] ||
      severityRank(overview.severities, a.severity) - severityRank(overview.severities, b.severity) ||
      (a.number < b.number ? -1 : a.number > b.number ? 1 : 0);
    const failing = detail.policies.filter((policy) => current(policy) in failingOrder).sort(byWorst);
    const changed = last === 0 ? [] : detail.policies.filter((policy) => since(policy) === last);
    const dated = scans.every((scan) => scan.date && !Number.isNaN(Date.parse(scan.date)));
    const xs = scans.map((scan, at) => (dated ? Date.parse(scan.date) : at));
    const policyCells = (policy) => [
      h('td', { text: policy.number }),
      h('td', { class: 'title', text: policy.title }),
      h('td', { text: policy.severity }),
    ];
    return h(
      'div',
      { class: 'account-view' },
      h('p', {}, h('a', { href: '#/accounts', text: '← All accounts' })),
      h('h1', { text: account.accountName || account.accountId }),
      h('p', { class: 'lead', text: account.accountId + ' · ' + account.connector + ' · ' + account.benchmarkName }),
      account.lost
        ? h('p', {
            class: 'warning',
            role: 'note',
            text: 'No scan of this account in the latest round: its posture today is unknown.',
          })
        : null,
      h(
        'dl',
        { class: 'figures' },
        figure('Compliance', percentText(latest.percent), changeText(account.change) + ' since the previous scan'),
        figure(
          'Red policies',
          String(latest.red),
          overview.severities
            .slice(0, 2)
            .map((name, at) => latest.redBySeverity[at] + ' ' + name)
            .join(', '),
        ),
        figure('Amber policies', String(latest.amber), ''),
        figure('Scans', String(scans.length), 'latest ' + dayText(latest.date)),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-trend' },
        h('h2', { id: 'h-trend', text: 'Compliance over time' }),
        lineChart(
          'Compliance of ' +
            (account.accountName || account.accountId) +
            ' from ' +
            percentText(scans[0].percent) +
            ' to ' +
            percentText(latest.percent),
          xs,
          [{ name: 'Compliance', values: scans.map((scan) => scan.percent), area: true }],
          100,
          '%',
        ),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-changed' },
        h('h2', { id: 'h-changed', text: 'Changed since the previous scan' }),
        last === 0
          ? h('p', { text: 'One scan only: nothing to compare with.' })
          : changed.length === 0
            ? h('p', { text: 'No policy changed colour since the previous scan.' })
            : table(
                'Policies that changed colour since the previous scan',
                ['Number', 'Policy', 'Severity', 'Before', 'Now'],
                changed
                  .sort(byWorstChange(overview, colourAt, last))
                  .map((policy) =>
                    h(
                      'tr',
                      { class: 'changed' },
                      policyCells(policy),
                      h('td', {}, badge(colourAt(policy, last - 1))),
                      h('td', {}, badge(current(policy))),
                    ),
                  ),
              ),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-failing' },
        h('h2', { id: 'h-failing', text: 'Failing policies, worst first' }),
        failing.length === 0
          ? h('p', { text: 'No Red or Amber policy in the latest scan.' })
          : table(
              'Red and Amber policies of the latest scan, Red first, then by severity',
              ['Number', 'Policy', 'Severity', 'Colour', 'Since'],
              failing.map((policy) =>
                h(
                  'tr',
                  { class: 'failing' },
                  policyCells(policy),
                  h('td', {}, badge(current(policy))),
                  h('td', {
                    class: 'date',
                    text: dated ? dayText(scans[since(policy)].date) : 'scan ' + (since(policy) + 1),
                  }),
                ),
              ),
            ),
      ),
    );
  }

  /** Policies that got worse first, then by severity. */
  function byWorstChange(overview, colourAt, last) {
    const worse = (policy) =>
      (failingOrder[colourAt(policy, last)] ?? 9) - (failingOrder[colourAt(policy, last - 1)] ?? 9);
    return (a, b) =>
      worse(a) - worse(b) ||
      severityRank(overview.severities, a.severity) - severityRank(overview.severities, b.severity);
  }

  site.views.account = accountView;
})();

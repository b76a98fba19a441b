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
    policyLink,
    records,
  } = site;

  // --- one account ---

  async function accountView(key) {
    if (!/^[0-9a-f]{16}$/.test(key)) throw new Error('no such account');
    const [overview, rows] = await Promise.all([load('overview'), accounts()]);
    const account = rows.find((row) => row.key === key);
    if (!account) throw new Error('no such account');
    const [shard, benchmarks] = await Promise.all([load('account/' + account.shard), load('policies')]);
    // A shard holds the pages of its accounts in the order of their rows.
    const found = shard[rows.indexOf(account) - rows.findIndex((row) => row.shard === account.shard)];
    const benchmark = benchmarks.find((one) => one.key === account.benchmarkKey);
    if (!found || !benchmark) throw new Error('no data for this account');
    const acceptedBy = new Map(found.accepted);
    const exceptions = new Map((overview.exceptions || []).map((one) => [one.id, one]));
    // The shard holds scans by column and a policy's history as [position, scan, colour, …].
    const detail = {
      scans: records(found.scans),
      // A policy named once for the whole site, its history and acceptance this account's own.
      policies: found.policies.map(([policy, ...changes]) =>
        Object.assign({}, benchmark.policies[policy], { changes, exception: acceptedBy.get(policy) || null }),
      ),
    };
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
      h('td', { class: 'title' }, policyLink(benchmark.key, policy.key, policy.title)),
      h('td', { text: policy.severity }),
    ];
    const accepted = detail.policies.filter((policy) => policy.exception !== null);
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
            .map((name, at) => (latest.redBySeverity[at] || 0) + ' ' + name)
            .join(', '),
        ),
        figure('Amber policies', String(latest.amber), ''),
        figure(
          'Accepted risks',
          String(accepted.length),
          accepted.length === 0 ? 'no exception applies' : 'Red or Amber policies an exception accepts',
        ),
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
              ['Number', 'Policy', 'Severity', 'Colour', 'Since', 'Accepted'],
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
                  h('td', { text: policy.exception || '—' }),
                ),
              ),
            ),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-accepted' },
        h('h2', { id: 'h-accepted', text: 'Accepted risks' }),
        overview.exceptions === null
          ? h('p', { text: 'The site was built without exceptions (--exceptions): no risk is accepted.' })
          : accepted.length === 0
            ? h('p', { text: 'No exception accepts a policy of the latest scan.' })
            : table(
                'Policies of the latest scan an exception accepts',
                ['Number', 'Policy', 'Severity', 'Exception', 'Owner', 'Expires'],
                accepted.map((policy) => {
                  const exception = exceptions.get(policy.exception) || {};
                  return h(
                    'tr',
                    { class: 'accepted' },
                    policyCells(policy),
                    h('td', { text: policy.exception }),
                    h('td', { text: exception.owner || '' }),
                    h('td', { class: 'date', text: exception.expires || '' }),
                  );
                }),
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

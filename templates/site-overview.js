// The overview of the fleet site: what someone opening the link needs first.
(function () {
  'use strict';

  const site = window.cspmSite;
  const {
    load,
    h,
    percentText,
    changeText,
    dayText,
    changeCell,
    hashOf,
    lineChart,
    roundUp,
    legend,
    figure,
    table,
    accountLink,
    policyLink,
  } = site;

  const stateNames = {
    expired: 'expired: its policies fail again',
    expiring: 'expiring',
    active: 'active',
    unneeded: 'unneeded: its policies pass',
    unused: 'unused: matches no policy',
  };

  // --- the overview ---

  const ranges = [
    ['7', '7 days'],
    ['30', '30 days'],
    ['90', '90 days'],
    ['365', '365 days'],
    ['all', 'All'],
  ];

  async function overviewView(params) {
    const overview = await load('overview');
    const range = ranges.some(([id]) => id === params.get('range')) ? params.get('range') : '90';
    const latestDay = overview.days[overview.days.length - 1];
    const before = overview.days[overview.days.length - 2];
    const since = range === 'all' || !latestDay ? -Infinity : Date.parse(latestDay.date) - Number(range) * 86400000;
    const days = overview.days.filter((day) => Date.parse(day.date) >= since);
    const reds = latestDay ? latestDay.redBySeverity : [];
    const redTotal = reds.reduce((sum, count) => sum + count, 0);
    const section = (title, ...content) =>
      h(
        'section',
        { 'aria-labelledby': 'h-' + title.replace(/\W+/g, '-') },
        h('h2', { id: 'h-' + title.replace(/\W+/g, '-'), text: title }),
        content,
      );
    const rangeButtons = h(
      'div',
      { class: 'ranges', role: 'group', 'aria-label': 'Time range' },
      ranges.map(([id, name]) =>
        h('button', {
          type: 'button',
          'aria-pressed': String(id === range),
          'data-range': id,
          text: name,
          onclick: () => {
            const next = new URLSearchParams(params);
            next.set('range', id);
            location.hash = hashOf('/', next);
          },
        }),
      ),
    );
    const xs = days.map((day) => Date.parse(day.date));
    const shown = overview.severities
      .map((name, at) => ({ name, at }))
      .filter(({ at }) => days.some((day) => day.redBySeverity[at] > 0));
    const redMax = roundUp(Math.max(4, ...days.flatMap((day) => shown.map(({ at }) => day.redBySeverity[at]))));
    const redSeries = shown.map(({ name, at }) => ({
      name,
      cls: 'severity-' + Math.min(at, 5),
      values: days.map((day) => day.redBySeverity[at]),
    }));
    const dropped = overview.drops;
    return h(
      'div',
      { class: 'overview' },
      h('h1', { text: overview.title }),
      h('p', {
        class: 'lead',
        text:
          'As of ' +
          (overview.latest || 'the latest scan') +
          ': ' +
          overview.accounts +
          ' accounts' +
          (overview.lost > 0 ? ', ' + overview.lost + ' with no scan in the latest round' : '') +
          '.',
      }),
      h(
        'dl',
        { class: 'figures' },
        figure(
          'Fleet compliance',
          percentText(latestDay ? latestDay.percent : null),
          before && latestDay && before.percent !== null && latestDay.percent !== null
            ? changeText(latestDay.percent - before.percent) + ' since ' + before.date
            : '',
        ),
        figure(
          'Red policies',
          String(redTotal),
          overview.severities
            .slice(0, 2)
            .map((name, at) => reds[at] + ' ' + name)
            .join(', '),
        ),
        figure('Accounts that dropped', String(overview.dropped), 'since their previous scan'),
        figure(
          'Accounts',
          String(overview.accounts),
          overview.lost > 0 ? overview.lost + ' lost' : 'all scanned in the latest round',
        ),
        overview.exceptions === null
          ? null
          : figure(
              'Accepted risks',
              String(overview.exceptions.reduce((sum, exception) => sum + exception.accepted, 0)),
              ['expired', 'expiring']
                .map(
                  (state) => overview.exceptions.filter((exception) => exception.state === state).length + ' ' + state,
                )
                .join(', '),
            ),
      ),
      section(
        'Fleet compliance over time',
        rangeButtons,
        days.length === 0
          ? h('p', { text: 'No scan states a date: nothing to chart.' })
          : lineChart(
              'Fleet compliance from ' +
                percentText(days[0].percent) +
                ' on ' +
                days[0].date +
                ' to ' +
                percentText(days[days.length - 1].percent) +
                ' on ' +
                days[days.length - 1].date,
              xs,
              [{ name: 'Compliance', values: days.map((day) => day.percent), area: true }],
              100,
              '%',
            ),
      ),
      section(
        'Red policies by severity over time',
        shown.length === 0 || days.length === 0
          ? h('p', { text: 'No Red policy in this range.' })
          : [
              lineChart(
                'Red policies by severity, ' +
                  shown.map(({ name, at }) => name + ' ' + days[days.length - 1].redBySeverity[at]).join(', ') +
                  ' on ' +
                  days[days.length - 1].date,
                xs,
                redSeries,
                redMax,
                '',
              ),
              legend(redSeries),
            ],
      ),
      section(
        'Biggest drops since the previous scan',
        dropped.length === 0
          ? h('p', { text: 'No account dropped since its previous scan.' })
          : table(
              'Biggest drops since the previous scan',
              ['Account', 'Benchmark', 'Change'],
              dropped.map((one) =>
                h(
                  'tr',
                  {},
                  h('td', {}, accountLink(one.key, one.accountName || one.accountId)),
                  h('td', { text: one.benchmarkName }),
                  changeCell(one.change),
                ),
              ),
            ),
      ),
      overview.lost === 0
        ? null
        : section(
            'Accounts with no scan in the latest round',
            h('p', {
              text:
                overview.lost +
                ' accounts: their posture today is unknown. ' +
                (overview.lost > overview.lostAccounts.length
                  ? 'The ' + overview.lostAccounts.length + ' longest unseen:'
                  : 'The longest unseen first:'),
            }),
            table(
              'Accounts with no scan in the latest round, the longest unseen first',
              ['Account', 'Benchmark', 'Last scan'],
              overview.lostAccounts.map((one) =>
                h(
                  'tr',
                  { class: 'lost' },
                  h('td', {}, accountLink(one.key, one.accountName || one.accountId)),
                  h('td', { text: one.benchmarkName }),
                  h('td', { class: 'date down', text: dayText(one.lastScan) }),
                ),
              ),
            ),
          ),
      section(
        'Policies failing in the most accounts',
        overview.worstPolicies.length === 0
          ? h('p', { text: "No policy fails in any account's latest scan, but for accepted risks." })
          : [
              table(
                'Policies failing in the most accounts, accepted risks not counted',
                ['Benchmark', 'Number', 'Policy', 'Severity', 'Failing accounts'],
                overview.worstPolicies.map((policy) =>
                  h(
                    'tr',
                    {},
                    h('td', { text: policy.benchmarkName }),
                    h('td', { text: policy.number }),
                    h('td', { class: 'title' }, policyLink(policy.benchmarkKey, policy.key, policy.title)),
                    h('td', { text: policy.severity }),
                    h('td', {
                      class: 'number',
                      text: policy.failing - policy.accepted + ' of ' + policy.accounts,
                    }),
                  ),
                ),
              ),
              h('p', {}, h('a', { href: '#/policies', text: 'Every policy' })),
            ],
      ),
      section(
        'Accepted risks and the nearest expiries',
        overview.exceptions === null
          ? h('p', { text: 'Built without exceptions (--exceptions): no risk is accepted, every failure counts.' })
          : overview.exceptions.length === 0
            ? h('p', { text: 'The exceptions files hold no exception.' })
            : table(
                'Exceptions, the nearest expiry first',
                ['Exception', 'State', 'Expires', 'Days left', 'Owner', 'Accepted', 'Reason'],
                overview.exceptions.map((exception) =>
                  h(
                    'tr',
                    { class: 'exception-' + exception.state },
                    h(
                      'td',
                      {},
                      exception.ticketUrl && /^https?:/.test(exception.ticketUrl)
                        ? h('a', { href: exception.ticketUrl, rel: 'noreferrer', text: exception.id })
                        : exception.id,
                    ),
                    h('td', { text: stateNames[exception.state] || exception.state }),
                    h('td', { class: 'date', text: exception.expires }),
                    h('td', { class: 'number', text: String(exception.daysLeft) }),
                    h('td', { text: exception.owner }),
                    h('td', {
                      class: 'number',
                      text: exception.accepted + ' in ' + exception.accounts + ' accounts',
                    }),
                    h('td', { class: 'title', text: exception.reason }),
                  ),
                ),
              ),
      ),
      section(
        'Accounts by connector and benchmark',
        table(
          'Accounts by connector and benchmark',
          ['Connector', 'Benchmark', 'Accounts', 'Compliance', 'Red'],
          overview.groups.map((group) => {
            const filter = new URLSearchParams();
            filter.set('connector', group.connector);
            filter.set('benchmark', group.benchmarkName);
            return h(
              'tr',
              {},
              h('td', { text: group.connector }),
              h('td', { text: group.benchmarkName }),
              h('td', { class: 'number' }, h('a', { href: hashOf('/accounts', filter), text: String(group.accounts) })),
              h('td', { class: 'number', text: percentText(group.percent) }),
              h('td', { class: 'number', text: String(group.red) }),
            );
          }),
        ),
      ),
    );
  }

  site.views.overview = overviewView;
})();

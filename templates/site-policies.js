// The policies of the fleet site: every policy with the accounts it fails in, and a page
// per policy (where it fails, since when, where it was fixed).
(function () {
  'use strict';

  const site = window.cspmSite;
  const {
    load,
    h,
    severityRank,
    badge,
    dayText,
    hashOf,
    figure,
    table,
    accountLink,
    policyLink,
    accountRows: accounts,
    records,
  } = site;

  /** Pages list at most this many accounts: the rest are a filter of the accounts table away. */
  const listed = 500;

  function compareText(a, b) {
    return a < b ? -1 : a > b ? 1 : 0;
  }

  // --- every policy ---

  async function policiesView(params) {
    const [overview, benchmarks] = await Promise.all([load('overview'), load('policies')]);
    const state = { benchmark: params.get('benchmark') || '', q: params.get('q') || '' };
    const all = benchmarks.flatMap((benchmark) =>
      benchmark.policies.map((policy) => Object.assign({ benchmark }, policy)),
    );
    all.sort(
      (a, b) =>
        b.failing - b.accepted - (a.failing - a.accepted) ||
        severityRank(overview.severities, a.severity) - severityRank(overview.severities, b.severity) ||
        compareText(a.number, b.number),
    );
    const body = h('tbody');
    const count = h('p', { class: 'count', role: 'status' });
    const draw = () => {
      const q = state.q.toLowerCase();
      const shown = all.filter(
        (policy) =>
          (state.benchmark === '' || policy.benchmark.benchmarkName === state.benchmark) &&
          (q === '' ||
            (policy.number + '\u0000' + policy.title + '\u0000' + policy.policyId).toLowerCase().includes(q)),
      );
      count.textContent = 'Showing ' + shown.length + ' of ' + all.length + ' policies';
      body.replaceChildren(
        ...shown.map((policy) =>
          h(
            'tr',
            {},
            h('td', { text: policy.benchmark.benchmarkName }),
            h('td', { text: policy.number }),
            h('td', { class: 'title' }, policyLink(policy.benchmark.key, policy.key, policy.title)),
            h('td', { text: policy.severity }),
            h('td', { class: 'number', text: String(policy.failing) }),
            h('td', { class: 'number', text: String(policy.accepted) }),
            h('td', { class: 'number', text: String(policy.fixed) }),
            h('td', { class: 'number', text: String(policy.accounts) }),
          ),
        ),
      );
    };
    const save = () => {
      const next = new URLSearchParams();
      if (state.benchmark !== '') next.set('benchmark', state.benchmark);
      if (state.q !== '') next.set('q', state.q);
      const hash = hashOf('/policies', next);
      if (hash !== location.hash) history.replaceState(null, '', hash);
    };
    const names = [...new Set(benchmarks.map((benchmark) => benchmark.benchmarkName))].sort(compareText);
    const picker = h(
      'select',
      {
        onchange: (event) => {
          state.benchmark = event.target.value;
          save();
          draw();
        },
      },
      h('option', { value: '', text: 'All benchmarks' }),
      names.map((name) => h('option', { value: name, text: name, selected: name === state.benchmark })),
    );
    const search = h('input', {
      type: 'search',
      value: state.q,
      placeholder: 'Number, title or PolicyId',
      oninput: (event) => {
        state.q = event.target.value;
        save();
        draw();
      },
    });
    draw();
    return h(
      'div',
      { class: 'policies-view' },
      h('h1', { text: 'Policies' }),
      h('p', {
        class: 'lead',
        text: "Every policy of the accounts' latest scans, those failing in the most accounts (not counting accepted risks) first.",
      }),
      h(
        'div',
        { class: 'filters' },
        h('label', { class: 'filter' }, 'Benchmark', picker),
        h('label', { class: 'filter search' }, 'Search', search),
      ),
      count,
      h(
        'div',
        { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': 'Policies' },
        h(
          'table',
          { class: 'policies' },
          h('caption', { text: 'Policies by the accounts they fail in' }),
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ['Benchmark', 'Number', 'Policy', 'Severity', 'Failing', 'Accepted', 'Fixed', 'Accounts'].map((name) =>
                h('th', { scope: 'col', text: name }),
              ),
            ),
          ),
          body,
        ),
      ),
    );
  }

  // --- one policy ---

  /** Whole days from one `YYYY-MM-DD…` date to another. */
  function daysBetween(from, to) {
    if (!from || !to) return null;
    const days = Math.floor((Date.parse(to.slice(0, 10)) - Date.parse(from.slice(0, 10))) / 86400000);
    return Number.isNaN(days) ? null : days;
  }

  async function policyView(path) {
    const [benchmarkKey, key] = path.split('/');
    if (!/^[0-9a-f]{16}$/.test(benchmarkKey || '') || !/^[0-9a-f]{16}$/.test(key || ''))
      throw new Error('no such policy');
    const [overview, benchmarks, rows] = await Promise.all([load('overview'), load('policies'), accounts()]);
    const benchmark = benchmarks.find((one) => one.key === benchmarkKey);
    const policy = benchmark && benchmark.policies.find((one) => one.key === key);
    if (!policy) throw new Error('no such policy');
    const page = await load('policy/' + benchmarkKey + '-' + key);
    const exceptions = new Map((overview.exceptions || []).map((one) => [one.id, one]));
    // Longest failing first: the oldest problems are the ones a fix is most overdue for.
    const failing = records(page.failing)
      .map((entry) => Object.assign({ account: rows[entry.row] }, entry))
      .sort(
        (a, b) =>
          compareText(a.since || '\uffff', b.since || '\uffff') ||
          compareText(a.account.accountId, b.account.accountId),
      );
    const fixed = records(page.fixed)
      .map((entry) => Object.assign({ account: rows[entry.row] }, entry))
      .sort((a, b) => compareText(b.fixed || '', a.fixed || ''));
    const more = (count) =>
      count > listed
        ? h('p', { class: 'note', text: 'The first ' + listed + ' of ' + count + ' accounts are listed.' })
        : null;
    const filter = new URLSearchParams();
    filter.set('benchmark', benchmark.benchmarkName);
    return h(
      'div',
      { class: 'policy-view' },
      h('p', {}, h('a', { href: '#/policies', text: '← All policies' })),
      h('h1', { text: (policy.number ? policy.number + ' ' : '') + policy.title }),
      h('p', {
        class: 'lead',
        text: [benchmark.benchmarkName, policy.severity, policy.category, policy.policyId].filter(Boolean).join(' · '),
      }),
      h(
        'dl',
        { class: 'figures' },
        figure('Failing accounts', String(policy.failing), 'of ' + policy.accounts + ' whose latest scan holds it'),
        figure('Accepted', String(policy.accepted), 'failing accounts whose failure an exception accepts'),
        figure('Fixed', String(policy.fixed), 'failed in an earlier scan, Green in the latest'),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-failing' },
        h('h2', { id: 'h-failing', text: 'Where it fails, longest first' }),
        failing.length === 0
          ? h('p', { text: "It fails in no account's latest scan." })
          : [
              table(
                'Accounts whose latest scan fails this policy, and since when',
                ['Account', 'Connector', 'Colour', 'Since', 'Days', 'First seen', 'Accepted'],
                failing.slice(0, listed).map((entry) => {
                  const age = daysBetween(entry.since, entry.account.lastScan);
                  const exception = entry.exception ? exceptions.get(entry.exception) : null;
                  return h(
                    'tr',
                    { class: 'failing' },
                    h('td', {}, accountLink(entry.account.key, entry.account.accountName || entry.account.accountId)),
                    h('td', { text: entry.account.connector }),
                    h('td', {}, badge(entry.colour)),
                    h('td', { class: 'date', text: dayText(entry.since) }),
                    h('td', { class: 'number', text: age === null ? '—' : String(age) }),
                    h('td', { class: 'date', text: dayText(entry.firstSeen) }),
                    h('td', {
                      text: entry.exception
                        ? entry.exception + (exception ? ' (until ' + exception.expires + ')' : '')
                        : '—',
                    }),
                  );
                }),
              ),
              more(failing.length),
            ],
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-fixed' },
        h('h2', { id: 'h-fixed', text: 'Where it was fixed' }),
        fixed.length === 0
          ? h('p', { text: 'No account that failed it passes it now.' })
          : [
              table(
                'Accounts where it failed before and is Green in the latest scan',
                ['Account', 'Connector', 'Green since'],
                fixed
                  .slice(0, listed)
                  .map((entry) =>
                    h(
                      'tr',
                      { class: 'fixed' },
                      h('td', {}, accountLink(entry.account.key, entry.account.accountName || entry.account.accountId)),
                      h('td', { text: entry.account.connector }),
                      h('td', { class: 'date', text: dayText(entry.fixed) }),
                    ),
                  ),
              ),
              more(fixed.length),
            ],
      ),
      h('p', {}, h('a', { href: hashOf('/accounts', filter), text: 'Every account of this benchmark' })),
    );
  }

  site.views.policies = policiesView;
  site.views.policy = policyView;
})();

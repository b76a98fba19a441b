// The accounts table of the fleet site: filtered, sorted, searched, and virtualised.
(function () {
  'use strict';

  const site = window.cspmSite;
  const { load, h, percentText, dayText, changeCell, hashOf, figure, table, accountLink, afterShow } = site;

  // --- the accounts table: filtered, sorted and virtualised (only the rows in sight are in the page) ---

  let accountRows = null;
  async function accounts() {
    if (accountRows) return accountRows;
    const chunk = await load('accounts');
    accountRows = chunk.rows.map((row) => {
      const account = {};
      chunk.columns.forEach((name, at) => (account[name] = row[at]));
      account.search = (
        account.accountName +
        '\u0000' +
        account.accountId +
        '\u0000' +
        account.benchmarkName
      ).toLowerCase();
      return account;
    });
    return accountRows;
  }

  const columns = [
    { id: 'account', name: 'Account', value: (row) => (row.accountName || row.accountId).toLowerCase() },
    { id: 'connector', name: 'Connector', value: (row) => row.connector },
    { id: 'benchmark', name: 'Benchmark', value: (row) => row.benchmarkName },
    { id: 'percent', name: 'Compliance', value: (row) => row.percent, number: true },
    { id: 'change', name: 'Change', value: (row) => row.change, number: true },
    { id: 'red', name: 'Red', value: (row) => row.red, number: true },
    { id: 'scan', name: 'Last scan', value: (row) => row.lastScan || '' },
  ];
  const rowHeight = 44;

  function compareBy(column, direction) {
    const sign = direction === 'desc' ? -1 : 1;
    return (a, b) => {
      const x = column.value(a);
      const y = column.value(b);
      // No figure (n/a) sorts last either way: it is no better and no worse.
      if (x === null || y === null) return (x === null) - (y === null);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || (a.accountId < b.accountId ? -1 : 1);
    };
  }

  async function accountsView(params) {
    const [overview, rows] = await Promise.all([load('overview'), accounts()]);
    const state = {
      connector: params.get('connector') || '',
      benchmark: params.get('benchmark') || '',
      severity: params.get('severity') || '',
      q: params.get('q') || '',
      sort: columns.some((column) => column.id === params.get('sort')) ? params.get('sort') : 'percent',
      dir: params.get('dir') === 'desc' ? 'desc' : 'asc',
    };
    const distinct = (name) => [...new Set(rows.map((row) => row[name]))].sort();
    const saveState = (push) => {
      const next = new URLSearchParams();
      for (const name of ['connector', 'benchmark', 'severity', 'q'])
        if (state[name] !== '') next.set(name, state[name]);
      if (state.sort !== 'percent' || state.dir !== 'asc') {
        next.set('sort', state.sort);
        next.set('dir', state.dir);
      }
      const hash = hashOf('/accounts', next);
      if (hash !== location.hash) history[push ? 'pushState' : 'replaceState'](null, '', hash);
    };
    const select = (name, label, values, all) =>
      h(
        'label',
        { class: 'filter' },
        label,
        h(
          'select',
          {
            'data-filter': name,
            onchange: (event) => {
              state[name] = event.target.value;
              saveState(true);
              update();
            },
          },
          h('option', { value: '', text: all }),
          values.map((value) => h('option', { value, text: value, selected: value === state[name] })),
        ),
      );
    const count = h('p', { class: 'count', role: 'status' });
    const headerRow = h('tr', {});
    const body = h('tbody', {});
    const scroller = h(
      'div',
      { class: 'table-wrap virtual', tabindex: '0', role: 'region', 'aria-label': 'Accounts' },
      h(
        'table',
        { class: 'accounts' },
        h('caption', { class: 'visually-hidden', text: 'Accounts, one row per account and benchmark' }),
        h('thead', {}, headerRow),
        body,
      ),
    );
    let filtered = rows;

    function headers() {
      headerRow.replaceChildren(
        ...columns.map((column) => {
          const sorted = column.id === state.sort;
          return h(
            'th',
            {
              scope: 'col',
              class: column.number ? 'number' : '',
              'aria-sort': sorted ? (state.dir === 'asc' ? 'ascending' : 'descending') : null,
            },
            h('button', {
              type: 'button',
              'data-sort': column.id,
              text: column.name + (sorted ? (state.dir === 'asc' ? ' ▲' : ' ▼') : ''),
              onclick: () => {
                state.dir = sorted && state.dir === 'asc' ? 'desc' : 'asc';
                state.sort = column.id;
                saveState(true);
                update();
              },
            }),
          );
        }),
      );
    }

    function draw() {
      const height = scroller.clientHeight || 600;
      const first = Math.max(0, Math.floor(scroller.scrollTop / rowHeight) - 5);
      const last = Math.min(filtered.length, first + Math.ceil(height / rowHeight) + 10);
      const spacer = (rowsOut) => {
        const row = h('tr', { class: 'spacer', 'aria-hidden': 'true' }, h('td', { colspan: columns.length }));
        row.style.height = rowsOut * rowHeight + 'px';
        return row;
      };
      const visible = filtered
        .slice(first, last)
        .map((row) =>
          h(
            'tr',
            { 'data-key': row.key },
            h(
              'td',
              { class: 'account' },
              accountLink(row.key, row.accountName || row.accountId),
              h('span', { class: 'id', text: row.accountId }),
            ),
            h('td', { text: row.connector }),
            h('td', { class: 'benchmark', text: row.benchmarkName }),
            h('td', { class: 'number', text: percentText(row.percent) }),
            row.lost ? h('td', { class: 'number down', text: 'lost' }) : changeCell(row.change),
            h('td', { class: 'number', text: String(row.red) }),
            h('td', { class: 'date', text: dayText(row.lastScan) }),
          ),
        );
      body.replaceChildren(spacer(first), ...visible, spacer(filtered.length - last));
    }

    function update() {
      const query = state.q.trim().toLowerCase();
      const severityAt = overview.severities.indexOf(state.severity);
      const column = columns.find((one) => one.id === state.sort);
      filtered = rows.filter(
        (row) =>
          (state.connector === '' || row.connector === state.connector) &&
          (state.benchmark === '' || row.benchmarkName === state.benchmark) &&
          (severityAt === -1 || row.redBySeverity[severityAt] > 0) &&
          (query === '' || row.search.includes(query)),
      );
      filtered.sort(compareBy(column, state.dir));
      count.textContent = 'Showing ' + filtered.length + ' of ' + rows.length + ' accounts';
      headers();
      scroller.scrollTop = 0;
      draw();
    }

    let frame = 0;
    scroller.addEventListener('scroll', () => {
      if (frame === 0)
        frame = requestAnimationFrame(() => {
          frame = 0;
          draw();
        });
    });
    update();
    afterShow.push(draw);
    return h(
      'div',
      { class: 'accounts-view' },
      h('h1', { text: 'Accounts' }),
      h(
        'div',
        { class: 'filters' },
        select('connector', 'Connector', distinct('connector'), 'All connectors'),
        select('benchmark', 'Benchmark', distinct('benchmarkName'), 'All benchmarks'),
        select('severity', 'Red of severity', overview.severities, 'Any'),
        h(
          'label',
          { class: 'filter search' },
          'Search',
          h('input', {
            type: 'search',
            value: state.q,
            placeholder: 'name, id or benchmark',
            'data-filter': 'q',
            oninput: (event) => {
              state.q = event.target.value;
              saveState(false);
              update();
            },
          }),
        ),
      ),
      count,
      scroller,
    );
  }

  site.views.accounts = accountsView;
  site.accountRows = accounts;
})();

// The page script of the fleet site: a router over three views (overview, accounts, one
// account) named by the URL's hash, drawing from data chunks loaded as scripts, since a
// page opened from a folder (file://) may not fetch() its neighbours. Report text reaches
// the page through textContent and attribute setters only, never as markup.
(function () {
  'use strict';

  const store = new Map();
  const waiting = new Map();
  window.cspmSite = {
    receive(name, value) {
      store.set(name, value);
      for (const done of waiting.get(name) || []) done.resolve(value);
      waiting.delete(name);
    },
  };

  /** A data chunk by name, loaded once as a script from data/. */
  function load(name) {
    if (store.has(name)) return Promise.resolve(store.get(name));
    return new Promise((resolve, reject) => {
      const pending = waiting.get(name);
      if (pending) return pending.push({ resolve, reject });
      waiting.set(name, [{ resolve, reject }]);
      const script = document.createElement('script');
      script.src = 'data/' + name + '.js';
      script.onerror = () => {
        for (const done of waiting.get(name) || []) done.reject(new Error('no data for this page (' + name + ')'));
        waiting.delete(name);
        script.remove();
      };
      document.head.append(script);
    });
  }

  const svgNs = 'http://www.w3.org/2000/svg';

  /** An element with its attributes and children; strings become text nodes, never markup. */
  function h(tag, props, ...children) {
    const node = tag.startsWith('svg:') ? document.createElementNS(svgNs, tag.slice(4)) : document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key === 'text') node.textContent = String(value);
      else if (key.startsWith('on')) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === undefined || child === null || child === false) continue;
      node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
    }
    return node;
  }

  const colourNames = ['absent', 'Green', 'Amber', 'Red', 'Gray', 'other'];
  const failingOrder = { 3: 0, 5: 1, 2: 2 };
  const severityRank = (severities, severity) => {
    const at = severities.indexOf(severity);
    return at === -1 ? 0 : at;
  };

  function percentText(value) {
    return value === null || value === undefined ? 'n/a' : value.toFixed(1) + ' %';
  }
  function changeText(value) {
    if (value === null || value === undefined) return '—';
    const points = Math.round(value * 10) / 10;
    return (points > 0 ? '+' : points < 0 ? '−' : '±') + Math.abs(points).toFixed(1) + ' pts';
  }
  function dayText(value) {
    return value ? String(value).slice(0, 10) : 'no date';
  }
  function badge(code) {
    const name = colourNames[code] || 'other';
    return h('span', { class: 'badge badge-' + name.toLowerCase(), text: name });
  }
  function changeCell(value) {
    const kind = value === null || value === undefined ? '' : value < 0 ? 'down' : value > 0 ? 'up' : '';
    return h('td', { class: 'number ' + kind, text: changeText(value) });
  }

  // --- the URL's hash: the view and its state, so that a link reopens it ---

  function readHash() {
    const raw = location.hash.replace(/^#/, '') || '/';
    const at = raw.indexOf('?');
    return {
      path: at === -1 ? raw : raw.slice(0, at),
      params: new URLSearchParams(at === -1 ? '' : raw.slice(at + 1)),
    };
  }
  function hashOf(path, params) {
    const query = params.toString();
    return '#' + path + (query === '' ? '' : '?' + query);
  }

  // --- charts: inline SVG drawn here, so the site needs no library and no request ---

  /**
   * A line chart over time: `xs` in milliseconds (or positions), `series` of values (null
   * breaks the line), y from 0 to `yMax`. Labelled as a whole for readers of the page
   * that cannot see it; the figures are in the tables beside it.
   */
  function lineChart(label, xs, series, yMax, unit) {
    // Drawn at the width it is shown at, so that its labels keep their size on a phone.
    const shownAt = document.getElementById('view').clientWidth - 32;
    const width = Math.max(300, Math.min(900, shownAt || 720));
    const height = width < 500 ? 200 : 260;
    const left = 48;
    const right = 12;
    const top = 12;
    const bottom = 30;
    const xMin = Math.min(...xs);
    const xMax = Math.max(...xs);
    const xAt = (x) =>
      left + (xMax === xMin ? (width - left - right) / 2 : ((x - xMin) / (xMax - xMin)) * (width - left - right));
    const yAt = (y) => top + (1 - y / (yMax || 1)) * (height - top - bottom);
    const svg = h('svg:svg', {
      viewBox: '0 0 ' + width + ' ' + height,
      role: 'img',
      'aria-label': label,
      class: 'chart',
    });
    svg.append(h('svg:title', { text: label }));
    for (let step = 0; step <= 4; step += 1) {
      const value = (yMax / 4) * step;
      const y = yAt(value);
      svg.append(h('svg:line', { x1: left, x2: width - right, y1: y, y2: y, class: 'grid' }));
      svg.append(h('svg:text', { x: left - 6, y: y + 4, class: 'axis end', text: Math.round(value) + unit }));
    }
    const labels = xs.length === 1 ? [0] : [0, xs.length - 1];
    for (const at of labels) {
      const x = xs[at];
      svg.append(
        h('svg:text', {
          x: xAt(x),
          y: height - 8,
          class: 'axis ' + (at === 0 && xs.length > 1 ? 'start' : 'end'),
          text: xMax > 1e11 ? new Date(x).toISOString().slice(0, 10) : 'scan ' + (at + 1),
        }),
      );
    }
    series.forEach((one, index) => {
      let path = '';
      let pen = false;
      one.values.forEach((value, at) => {
        if (value === null || value === undefined) {
          pen = false;
          return;
        }
        path += (pen ? 'L' : 'M') + xAt(xs[at]).toFixed(1) + ' ' + yAt(value).toFixed(1);
        pen = true;
      });
      if (one.area && path !== '') {
        const defined = one.values.map((value, at) => [value, xs[at]]).filter(([value]) => value !== null);
        const first = defined[0][1];
        const last = defined[defined.length - 1][1];
        const floor = yAt(0).toFixed(1);
        svg.append(
          h('svg:path', {
            d: path + 'L' + xAt(last).toFixed(1) + ' ' + floor + 'L' + xAt(first).toFixed(1) + ' ' + floor + 'Z',
            class: 'area',
          }),
        );
      }
      svg.append(h('svg:path', { d: path, class: 'line ' + (one.cls || 'line-' + index) }));
      one.values.forEach((value, at) => {
        if (value !== null && value !== undefined && (one.values.length < 60 || at === one.values.length - 1))
          svg.append(
            h('svg:circle', { cx: xAt(xs[at]), cy: yAt(value), r: 3, class: 'dot ' + (one.cls || 'line-' + index) }),
          );
      });
    });
    return svg;
  }

  /** The top of a scale of four steps, each a round number: 45 becomes 48 (4 × 12) rather than steps of 11.25. */
  function roundUp(max) {
    const rough = max / 4;
    const power = 10 ** Math.floor(Math.log10(rough));
    const step = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10].map((one) => one * power).find((one) => one >= rough);
    return Math.ceil(step) * 4;
  }

  function legend(series) {
    return h(
      'ul',
      { class: 'legend' },
      series.map((one, index) =>
        h('li', {}, h('span', { class: 'swatch ' + (one.cls || 'line-' + index), 'aria-hidden': 'true' }), one.name),
      ),
    );
  }

  function figure(label, value, note) {
    return h(
      'div',
      { class: 'figure' },
      h('dt', { text: label }),
      h('dd', {}, h('span', { class: 'value', text: value }), note ? h('span', { class: 'note', text: note }) : null),
    );
  }

  function table(caption, headers, rows) {
    return h(
      'div',
      { class: 'table-wrap', tabindex: '0', role: 'region', 'aria-label': caption },
      h(
        'table',
        {},
        h('caption', { text: caption }),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            headers.map((name) => h('th', { scope: 'col', text: name })),
          ),
        ),
        h('tbody', {}, rows),
      ),
    );
  }

  function accountLink(key, name) {
    return h('a', { href: '#/account/' + key, text: name });
  }

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
        figure('Accounts that dropped', String(dropped.filter((one) => !one.lost).length), 'since their previous scan'),
        figure(
          'Accounts',
          String(overview.accounts),
          overview.lost > 0 ? overview.lost + ' lost' : 'all scanned in the latest round',
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
                  one.lost
                    ? h('td', { class: 'down', text: 'lost: no scan in the latest round' })
                    : changeCell(one.change),
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

  // --- the router ---

  const afterShow = [];
  let shown = 0;
  let shownPath = null;

  async function show() {
    const { path, params } = readHash();
    const view = document.getElementById('view');
    const ticket = (shown += 1);
    afterShow.length = 0;
    let content;
    let name;
    try {
      if (path === '/' || path === '') [content, name] = [await overviewView(params), 'Overview'];
      else if (path === '/accounts') [content, name] = [await accountsView(params), 'Accounts'];
      else if (path.startsWith('/account/'))
        [content, name] = [await accountView(path.slice('/account/'.length)), 'Account'];
      else throw new Error('no such page');
    } catch (error) {
      [content, name] = [
        h(
          'div',
          {},
          h('h1', { text: 'Not shown' }),
          h('p', { role: 'alert', text: 'This page could not be shown: ' + error.message + '.' }),
          h('p', {}, h('a', { href: '#/', text: 'Back to the overview' })),
        ),
        'Not shown',
      ];
    }
    if (ticket !== shown) return;
    view.replaceChildren(content);
    const heading = content.querySelector('h1');
    document.title = (heading ? heading.textContent + ' · ' : '') + document.querySelector('.site-name').textContent;
    for (const link of document.querySelectorAll('nav a')) {
      const current =
        (link.getAttribute('href') === '#/' && name === 'Overview') ||
        (link.getAttribute('href') === '#/accounts' && name !== 'Overview');
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    for (const done of afterShow) done();
    // A new page (not a new filter of the same one) takes the focus, as a page load would.
    if (path !== shownPath && shownPath !== null) view.focus();
    shownPath = path;
    document.body.setAttribute('data-view', name);
  }

  window.addEventListener('hashchange', show);
  show();
})();

// The page's only script, inlined and allowed by its hash in the Content-Security-Policy.
// It reads the rows embedded as JSON (JSON.parse, never eval), draws one page of a
// table at a time, sorts and filters, and inserts the report sections that the page
// leaves out of its static markup when they are scrolled to. Without it the page still
// reads: the static rows are the first page of every table.
(function () {
  'use strict';
  var root = document.documentElement;
  root.classList.remove('no-js');
  root.classList.add('js');

  var numberFormat = new Intl.NumberFormat('en-US');
  var sources = Object.create(null);

  function readJson(id) {
    if (!(id in sources)) {
      var element = document.getElementById(id);
      sources[id] = element ? JSON.parse(element.textContent) : null;
    }
    return sources[id];
  }

  var orders = readJson('data-orders') || { colours: [], severities: [], probabilities: [], levels: [] };

  function rankOf(order) {
    return function (value) {
      var rank = order.indexOf(value);
      return rank === -1 ? order.length : rank;
    };
  }

  // Zero-padded digit runs make "1000.10" sort after "1000.9" with a plain comparison,
  // which stays fast on 300,000 rows where a collator would not.
  function naturalKey(value) {
    return String(value).toLowerCase().replace(/\d+/g, function (digits) {
      return digits.length >= 12 ? digits : ('000000000000' + digits).slice(-12);
    });
  }

  function count(value) {
    return numberFormat.format(value);
  }

  function element(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function cell(text, className, auto) {
    var td = element('td', className, text);
    if (auto) td.dir = 'auto';
    return td;
  }

  function badge(text, known) {
    var key = known.indexOf(text) === -1 ? 'other' : text.toLowerCase();
    var td = element('td');
    td.appendChild(element('span', 'badge badge-' + key, text));
    return td;
  }

  var colourNames = ['Red', 'Amber', 'Green', 'Gray'];

  // A policy row holds the index of its category's row, whose third field is the name.
  function categoryName(row, data) {
    return data.categories[row[9]][2];
  }

  // Each kind of table: how its rows come out of the data, how a row is drawn (the same
  // markup as the templates' static rows), the sort key of each column and the filters.
  var kinds = {
    policies: {
      noun: ['policy', 'policies'],
      rows: function (data) { return data.policies; },
      draw: function (row, data) {
        var tr = element('tr');
        var level = data.risks[row[6]];
        var severity = data.severities[row[4]];
        var sev = element('td');
        sev.appendChild(element('span', 'sev sev-' + severity, severity));
        tr.append(
          cell(row[0], 'code'),
          cell(row[1], 'title', true),
          cell(categoryName(row, data), 'category', true),
          cell(data.services[row[2]], '', true),
          badge(data.colours[row[3]], colourNames),
          sev,
          cell(data.risks[row[5]]),
          level === '–' ? cell(level) : badge(level, colourNames),
          cell(count(row[7]) + ' / ' + count(row[8]), 'num'),
        );
        return tr;
      },
      keys: {
        number: function (row) { return naturalKey(row[0]); },
        title: function (row) { return row[1].toLowerCase(); },
        category: function (row, data) {
          data.categoryKeys = data.categoryKeys || data.categories.map(function (category) { return naturalKey(category[2]); });
          return data.categoryKeys[row[9]];
        },
        service: function (row, data) { return data.services[row[2]].toLowerCase(); },
        colour: function (row, data) { return rankOf(orders.colours)(data.colours[row[3]]); },
        severity: function (row, data) { return rankOf(orders.severities)(data.severities[row[4]]); },
        probability: function (row, data) { return rankOf(orders.probabilities)(data.risks[row[5]]); },
        level: function (row, data) { return rankOf(orders.levels)(data.risks[row[6]]); },
        resources: function (row) { return row[8] === 0 ? 2 + row[7] : row[7] / row[8] + row[8] * 1e-9; },
      },
      filters: {
        colour: function (row, data, value) { return data.colours[row[3]] === value; },
        severity: function (row, data, value) { return data.severities[row[4]] === value; },
        service: function (row, data, value) { return data.services[row[2]] === value; },
        category: function (row, data, value) { return categoryName(row, data) === value; },
        text: function (row, data, value) {
          return (row[0] + '\n' + row[1] + '\n' + data.services[row[2]] + '\n' + categoryName(row, data)).toLowerCase().indexOf(value) !== -1;
        },
      },
    },
    actions: {
      noun: ['failing policy', 'failing policies'],
      rows: function (data) { return data.actions; },
      draw: function (row, data) {
        var tr = element('tr');
        var policy = data.policies[row[0]];
        var category = data.categories[row[1]];
        var severity = data.severities[policy[4]];
        var sev = element('td');
        sev.appendChild(element('span', 'sev sev-' + severity, severity));
        var name = cell('', '', true);
        var link = element('a', '', category[2]);
        link.href = '#' + category[0];
        name.appendChild(link);
        tr.append(
          cell(count(row[3]), 'num'),
          badge(data.colours[policy[3]], colourNames),
          sev,
          cell(count(row[2]) + ' of ' + count(policy[8]), 'num'),
          cell(policy[0], 'code'),
          cell(policy[1], 'title', true),
          name,
        );
        return tr;
      },
      keys: {
        rank: function (row) { return row[3]; },
        colour: function (row, data) { return rankOf(orders.colours)(data.colours[data.policies[row[0]][3]]); },
        severity: function (row, data) { return rankOf(orders.severities)(data.severities[data.policies[row[0]][4]]); },
        failing: function (row) { return row[2]; },
        number: function (row, data) { return naturalKey(data.policies[row[0]][0]); },
        title: function (row, data) { return data.policies[row[0]][1].toLowerCase(); },
        category: function (row, data) { return data.categories[row[1]][1]; },
      },
      filters: {},
    },
    categories: {
      noun: ['category', 'categories'],
      rows: function (data) { return data.categories; },
      draw: function (row) {
        var tr = element('tr');
        tr.id = row[0];
        var percent = element('td', 'num');
        var shown = percent.appendChild(element('span', 'percent', row[9]));
        if (row[11]) shown.title = row[11];
        if (row[10]) {
          percent.append(' ');
          percent.appendChild(element('span', 'stated', 'stated ' + row[10]));
        }
        tr.append(cell(String(row[1]), 'num'), cell(row[2], '', true), cell(count(row[3]), 'num'), cell(count(row[4]), 'num'),
          cell(count(row[5]), 'num'), cell(count(row[6]), 'num'), cell(count(row[7]), 'num'), percent);
        return tr;
      },
      keys: {
        order: function (row) { return row[1]; },
        name: function (row) { return naturalKey(row[2]); },
        total: function (row) { return row[3]; },
        green: function (row) { return row[4]; },
        red: function (row) { return row[5]; },
        amber: function (row) { return row[6]; },
        gray: function (row) { return row[7]; },
        // n/a (nothing assessed) sorts below 0 %.
        percent: function (row) { return row[8] === null ? -1 : row[8]; },
      },
      filters: {
        text: function (row, data, value) { return row[2].toLowerCase().indexOf(value) !== -1; },
      },
    },
    reports: {
      noun: ['report', 'reports'],
      rows: function (data) { return data.reports; },
      draw: function (row) {
        var tr = element('tr');
        var name = cell('', '', true);
        var link = element('a', '', row[1]);
        link.href = '#' + row[0];
        name.append(link, ' ', element('span', 'code muted', row[2]));
        var percent = element('td', 'num');
        percent.appendChild(element('span', 'percent', row[11]));
        tr.append(name, cell(row[3], '', true), cell(row[4]), cell(count(row[5]), 'num'), cell(count(row[6]), 'num'),
          cell(count(row[7]), 'num'), cell(count(row[8]), 'num'), cell(count(row[9]), 'num'), percent);
        return tr;
      },
      keys: {
        benchmark: function (row) { return naturalKey(row[1] + ' ' + row[2]); },
        account: function (row) { return naturalKey(row[3]); },
        connector: function (row) { return row[4].toLowerCase(); },
        total: function (row) { return row[5]; },
        green: function (row) { return row[6]; },
        red: function (row) { return row[7]; },
        amber: function (row) { return row[8]; },
        gray: function (row) { return row[9]; },
        percent: function (row) { return row[10] === null ? -1 : row[10]; },
      },
      filters: {
        text: function (row, data, value) {
          return (row[1] + '\n' + row[2] + '\n' + row[3] + '\n' + row[4]).toLowerCase().indexOf(value) !== -1;
        },
      },
    },
  };

  var states = new WeakMap();

  // A table's state is made on first use: the data of a report is parsed only when
  // one of its tables is touched or scrolled to, never all at load.
  function stateOf(block) {
    var state = states.get(block);
    if (state) return state;
    var kind = kinds[block.dataset.kind];
    var data = readJson(block.dataset.source);
    if (!kind || !data) return null;
    state = {
      block: block,
      kind: kind,
      data: data,
      rows: kind.rows(data),
      view: null,
      page: 0,
      pageSize: Number(block.dataset.pageSize) || 100,
      sortKey: '',
      sortDirection: 1,
    };
    states.set(block, state);
    return state;
  }

  function activeFilters(state) {
    var filters = [];
    state.block.querySelectorAll('[data-filter]').forEach(function (control) {
      var value = control.value;
      var test = state.kind.filters[control.dataset.filter];
      if (!value || !test) return;
      if (control.dataset.filter === 'text') value = value.trim().toLowerCase();
      if (value) filters.push({ test: test, value: value });
    });
    return filters;
  }

  function computeView(state) {
    var rows = state.rows;
    var data = state.data;
    var filters = activeFilters(state);
    var view = [];
    for (var index = 0; index < rows.length; index += 1) {
      var keep = true;
      for (var f = 0; f < filters.length && keep; f += 1) keep = filters[f].test(rows[index], data, filters[f].value);
      if (keep) view.push(index);
    }
    var keyOf = state.sortKey && state.kind.keys[state.sortKey];
    if (keyOf) {
      var keys = new Array(rows.length);
      for (var v = 0; v < view.length; v += 1) keys[view[v]] = keyOf(rows[view[v]], data);
      var direction = state.sortDirection;
      view.sort(function (a, b) {
        var ka = keys[a];
        var kb = keys[b];
        if (ka < kb) return -direction;
        if (ka > kb) return direction;
        return a - b;
      });
    }
    state.view = view;
    state.filtered = filters.length > 0;
  }

  function plural(value, noun) {
    return count(value) + ' ' + (value === 1 ? noun[0] : noun[1]);
  }

  function draw(state) {
    if (!state.view) computeView(state);
    var view = state.view;
    var pages = Math.max(1, Math.ceil(view.length / state.pageSize));
    state.page = Math.min(Math.max(state.page, 0), pages - 1);
    var start = state.page * state.pageSize;
    var end = Math.min(view.length, start + state.pageSize);
    var fragment = document.createDocumentFragment();
    for (var i = start; i < end; i += 1) fragment.appendChild(state.kind.draw(state.rows[view[i]], state.data));
    state.block.querySelector('tbody').replaceChildren(fragment);

    var status = state.block.querySelector('.table-status');
    var noun = state.kind.noun;
    var text;
    if (view.length === 0) text = 'No ' + noun[0] + ' matches the filters (' + plural(state.rows.length, noun) + ' in all).';
    else if (pages === 1) text = plural(view.length, noun) + (state.filtered ? ' match the filters, of ' + count(state.rows.length) + '.' : '.');
    else text = 'Showing ' + count(start + 1) + '–' + count(end) + ' of ' + plural(view.length, noun) + (state.filtered ? ' matching the filters, of ' + count(state.rows.length) + '.' : '.');
    status.textContent = text;

    var pager = state.block.querySelector('.pager');
    if (pager) {
      pager.hidden = pages === 1;
      pager.querySelector('[data-page="prev"]').disabled = state.page === 0;
      pager.querySelector('[data-page="next"]').disabled = state.page >= pages - 1;
      pager.querySelector('.pager-label').textContent = 'Page ' + count(state.page + 1) + ' of ' + count(pages);
    }
    state.block.querySelectorAll('th[data-key]').forEach(function (th) {
      if (th.dataset.key === state.sortKey) th.setAttribute('aria-sort', state.sortDirection === 1 ? 'ascending' : 'descending');
      else th.removeAttribute('aria-sort');
    });
  }

  function refilter(block) {
    var state = stateOf(block);
    if (!state) return;
    computeView(state);
    state.page = 0;
    draw(state);
  }

  var textTimers = new WeakMap();

  document.addEventListener('input', function (event) {
    var control = event.target;
    var block = control.closest && control.closest('.table-block');
    if (!block || !control.dataset.filter) return;
    // Typing into the search of a 300,000-row table should not filter on every key.
    clearTimeout(textTimers.get(block));
    textTimers.set(block, setTimeout(function () { refilter(block); }, control.dataset.filter === 'text' ? 150 : 0));
  });

  document.addEventListener('reset', function (event) {
    var block = event.target.closest('.table-block');
    if (block) setTimeout(function () { refilter(block); }, 0);
  });

  document.addEventListener('submit', function (event) {
    if (event.target.closest('.table-block')) event.preventDefault();
  });

  document.addEventListener('click', function (event) {
    var target = event.target;
    var block = target.closest && target.closest('.table-block');
    if (!block) return;
    var pageButton = target.closest('[data-page]');
    var header = target.closest('th[data-key]');
    var state;
    if (pageButton) {
      state = stateOf(block);
      if (!state) return;
      if (!state.view) computeView(state);
      state.page += pageButton.dataset.page === 'next' ? 1 : -1;
      draw(state);
      block.querySelector('.table-status').scrollIntoView({ block: 'nearest' });
    } else if (header) {
      state = stateOf(block);
      if (!state) return;
      var key = header.dataset.key;
      state.sortDirection = state.sortKey === key ? -state.sortDirection : 1;
      state.sortKey = key;
      computeView(state);
      state.page = 0;
      draw(state);
    }
  });

  // Tables whose static rows fall short of their first page (the page's budget ran
  // out) are drawn when they come near.
  var pendingTables = 'IntersectionObserver' in window
    ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        pendingTables.unobserve(entry.target);
        var state = stateOf(entry.target);
        if (state) draw(state);
      });
    }, { rootMargin: '600px 0px' })
    : null;

  function watchTables(scope) {
    scope.querySelectorAll('.table-block').forEach(function (block) {
      var firstPage = Math.min(Number(block.dataset.total), Number(block.dataset.pageSize));
      if (Number(block.dataset.static) >= firstPage) return;
      if (pendingTables) pendingTables.observe(block);
      else draw(stateOf(block));
    });
  }

  // Sections beyond those written in full carry their markup as a JSON string. The
  // placeholder element itself takes the new content, so that links to it and the
  // browser's scroll anchoring keep holding on to it.
  function fillSection(section) {
    var holder = section.querySelector('script.section-html');
    if (!holder) return;
    var template = document.createElement('template');
    template.innerHTML = JSON.parse(holder.textContent);
    var filled = template.content.firstElementChild;
    if (!filled) return;
    section.className = filled.className;
    section.replaceChildren.apply(section, Array.prototype.slice.call(filled.childNodes));
    watchTables(section);
  }

  var pendingSections = 'IntersectionObserver' in window
    ? new IntersectionObserver(function (entries) {
      entries.forEach(function (entry) {
        if (!entry.isIntersecting) return;
        pendingSections.unobserve(entry.target);
        fillSection(entry.target);
      });
    }, { rootMargin: '800px 0px' })
    : null;

  document.querySelectorAll('section.report-lazy').forEach(function (section) {
    if (pendingSections) pendingSections.observe(section);
  });

  // A link to a report that is still a placeholder (#r537 or #r537-c3) fills it first.
  function showHash() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) return;
    var report = /^r\d+/.exec(id);
    var section = report && document.getElementById(report[0]);
    if (!section || !section.classList.contains('report-lazy')) return;
    if (pendingSections) pendingSections.unobserve(section);
    fillSection(section);
    var target = document.getElementById(id);
    if (target) target.scrollIntoView();
  }

  window.addEventListener('hashchange', showHash);
  watchTables(document);
  showHash();
})();

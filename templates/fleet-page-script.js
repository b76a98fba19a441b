(function () {
  'use strict';
  var element = document.getElementById('fleet-data');
  var index = document.getElementById('index-rows');
  var detail = document.getElementById('account-detail');
  if (!element || !index || !detail) return;
  var data = JSON.parse(element.textContent);
  var strings = data.strings;
  var accounts = data.accounts;
  var pageSize = data.pageSize;
  var numberFormat = new Intl.NumberFormat('en-US');
  var shown = accounts;
  var page = 0;
  document.documentElement.classList.add('js');

  function count(value) {
    return numberFormat.format(value);
  }

  function add(parent, tag, text, className) {
    var child = document.createElement(tag);
    if (text !== undefined) child.textContent = text;
    if (className) child.className = className;
    parent.appendChild(child);
    return child;
  }

  function namesCell(row, first, second, href) {
    var cell = add(row, 'td');
    if (href) {
      var link = add(cell, 'a', first);
      link.href = href;
    } else cell.appendChild(document.createTextNode(first));
    add(cell, 'br');
    add(cell, 'small', second);
  }

  // [anchor, name, id, connector, benchmark name, benchmark id, percent, red, red weighted, amber, total, green, gray, source, categories]
  function indexRow(account, rank) {
    var row = document.createElement('tr');
    add(row, 'td', count(rank), 'n');
    namesCell(row, account[1], account[2], '#account-' + account[0]);
    add(row, 'td', strings[account[3]]);
    namesCell(row, strings[account[4]], strings[account[5]]);
    add(row, 'td', account[6], 'n');
    add(row, 'td', count(account[7]), 'n');
    add(row, 'td', count(account[8]), 'n');
    add(row, 'td', count(account[9]), 'n');
    add(row, 'td', count(account[10]), 'n');
    return row;
  }

  function drawIndex() {
    var pages = Math.max(1, Math.ceil(shown.length / pageSize));
    page = Math.min(Math.max(page, 0), pages - 1);
    var start = page * pageSize;
    var rows = document.createDocumentFragment();
    for (var at = start; at < Math.min(start + pageSize, shown.length); at += 1) rows.appendChild(indexRow(shown[at], at + 1));
    index.replaceChildren(rows);
    document.getElementById('index-label').textContent =
      shown.length === 0 ? 'No account matches' : 'Accounts ' + count(start + 1) + '–' + count(Math.min(start + pageSize, shown.length)) + ' of ' + count(shown.length);
    document.getElementById('index-prev').disabled = page === 0;
    document.getElementById('index-next').disabled = page >= pages - 1;
  }

  function drawDetail(account) {
    var section = document.createElement('section');
    section.className = 'account';
    section.id = 'account-' + account[0];
    add(section, 'h3', account[1]);
    add(section, 'p', [account[2], strings[account[3]], strings[account[4]] + ' (' + strings[account[5]] + ')', account[13]].join(' · '), 'note');
    var line = add(section, 'p', account[6] + ' compliant · ' + count(account[10]) + ' policies: ');
    [[account[11], 'Green'], [account[7], 'Red'], [account[9], 'Amber'], [account[12], 'Gray']].forEach(function (pair, at) {
      if (at > 0) line.appendChild(document.createTextNode(', '));
      add(line, 'span', count(pair[0]) + ' ' + pair[1], pair[1]);
    });
    line.appendChild(document.createTextNode(' · '));
    add(line, 'a', 'back to the index').href = '#index';
    var table = add(section, 'table');
    var head = add(add(table, 'thead'), 'tr');
    [['Category', ''], ['Total', 'n'], ['Green', 'n Green'], ['Red', 'n Red'], ['Amber', 'n Amber'], ['Gray', 'n Gray'], ['Compliance', 'n']].forEach(function (pair) {
      add(head, 'th', pair[0], pair[1]);
    });
    var body = add(table, 'tbody');
    account[14].forEach(function (category) {
      var row = add(body, 'tr');
      add(row, 'td', strings[category[0]]);
      for (var at = 1; at <= 5; at += 1) add(row, 'td', count(category[at]), 'n');
      add(row, 'td', category[6], 'n');
    });
    detail.replaceChildren(section);
    detail.hidden = false;
    section.scrollIntoView();
  }

  var byAnchor = Object.create(null);
  accounts.forEach(function (account) {
    byAnchor['#account-' + account[0]] = account;
  });

  function follow() {
    var account = byAnchor[location.hash];
    if (account) drawDetail(account);
  }

  document.getElementById('index-prev').addEventListener('click', function () {
    page -= 1;
    drawIndex();
  });
  document.getElementById('index-next').addEventListener('click', function () {
    page += 1;
    drawIndex();
  });
  document.getElementById('index-filter').addEventListener('input', function (event) {
    var wanted = event.target.value.trim().toLowerCase();
    shown = wanted === ''
      ? accounts
      : accounts.filter(function (account) {
          return (account[1] + '\n' + account[2] + '\n' + strings[account[3]] + '\n' + strings[account[4]] + '\n' + strings[account[5]]).toLowerCase().indexOf(wanted) !== -1;
        });
    page = 0;
    drawIndex();
  });
  window.addEventListener('hashchange', follow);
  drawIndex();
  follow();
})();

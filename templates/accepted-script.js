// Added to the page script when the document is rendered with exceptions: marks each
// accepted policy that the page script draws (a page, a sort, a filter) beside its
// colour, as the static rows are marked. Rows are known by number, title and category.
(function () {
  'use strict';
  var holder = document.getElementById('data-accepted');
  if (!holder || !window.MutationObserver) return;
  var marks = JSON.parse(holder.textContent);
  // The cells of each table that name the policy, and the cell of its colour.
  var layouts = { policies: { key: [0, 1, 2], colour: 4 }, actions: { key: [4, 5, 6], colour: 1 } };

  function markRow(row, layout, byKey) {
    var cells = row.cells;
    if (cells.length <= layout.colour || cells[layout.colour].querySelector('.accepted-mark')) return;
    var key = layout.key
      .map(function (index) {
        return cells[index] ? cells[index].textContent : '';
      })
      .join('\n');
    var mark = byKey[key];
    if (!mark) return;
    var span = document.createElement('span');
    span.className = 'accepted-mark' + (mark[1] ? ' accepted-mark-expiring' : '');
    span.textContent = mark[0];
    cells[layout.colour].appendChild(span);
  }

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      var body = record.target;
      if (body.tagName !== 'TBODY') return;
      var block = body.closest('.table-block');
      var layout = block && layouts[block.dataset.kind];
      var byKey = block && marks[block.dataset.source];
      if (!layout || !byKey) return;
      Array.prototype.forEach.call(body.rows, function (row) {
        markRow(row, layout, byKey);
      });
    });
  }).observe(document.body, { childList: true, subtree: true });
})();

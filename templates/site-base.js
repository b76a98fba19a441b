// The fleet site's shared parts: the data chunks, loaded as scripts since a page opened
// from a folder (file://) may not fetch() its neighbours; elements made with report text as
// text only (textContent and attribute setters, never markup); figures as text; the URL's
// hash; charts drawn as inline SVG. Each view is a script of its own that adds itself to
// window.cspmSite.views; site-script.js shows the one the hash names.
(function () {
  'use strict';

  const store = new Map();
  const waiting = new Map();

  /**
   * A chunk's value: JSON compressed with raw DEFLATE, in base64, inflated by the
   * browser's own DecompressionStream (no library, and no request: the bytes are in hand).
   */
  async function inflate(packed) {
    const binary = atob(packed);
    const bytes = new Uint8Array(binary.length);
    for (let at = 0; at < binary.length; at += 1) bytes[at] = binary.charCodeAt(at);
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
    return JSON.parse(await new Response(stream).text());
  }

  window.cspmSite = {
    receive(name, packed) {
      const value = inflate(packed);
      store.set(name, value);
      for (const done of waiting.get(name) || []) value.then(done.resolve, done.reject);
      waiting.delete(name);
    },
  };

  /** A data chunk by name, loaded once as a script from data/. */
  function load(name) {
    if (store.has(name)) return store.get(name);
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

  /** A record of lists, one per column (as chunks store them), as a list of records. */
  function records(columns) {
    const names = Object.keys(columns);
    const count = names.length === 0 ? 0 : columns[names[0]].length;
    const list = new Array(count);
    for (let at = 0; at < count; at += 1) {
      const record = {};
      for (const name of names) record[name] = columns[name][at];
      list[at] = record;
    }
    return list;
  }

  function accountLink(key, name) {
    return h('a', { href: '#/account/' + key, text: name });
  }

  function policyLink(benchmarkKey, key, name) {
    return h('a', { href: '#/policy/' + benchmarkKey + '/' + key, text: name });
  }

  Object.assign(window.cspmSite, {
    views: {},
    afterShow: [],
    load,
    h,
    colourNames,
    failingOrder,
    severityRank,
    percentText,
    changeText,
    dayText,
    badge,
    changeCell,
    readHash,
    hashOf,
    lineChart,
    roundUp,
    legend,
    figure,
    table,
    accountLink,
    policyLink,
    records,
  });
})();

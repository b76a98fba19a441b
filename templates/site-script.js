// The router of the fleet site: the view the URL's hash names, shown again on each change of it.
(function () {
  'use strict';

  const site = window.cspmSite;
  const { h, readHash, afterShow } = site;

  // --- the router ---

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
      if (path === '/' || path === '') [content, name] = [await site.views.overview(params), 'Overview'];
      else if (path === '/accounts') [content, name] = [await site.views.accounts(params), 'Accounts'];
      else if (path.startsWith('/account/'))
        [content, name] = [await site.views.account(path.slice('/account/'.length)), 'Account'];
      else if (path === '/policies') [content, name] = [await site.views.policies(params), 'Policies'];
      else if (path.startsWith('/policy/'))
        [content, name] = [await site.views.policy(path.slice('/policy/'.length)), 'Policy'];
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
      const section =
        name === 'Policies' || name === 'Policy' ? '#/policies' : name === 'Overview' ? '#/' : '#/accounts';
      const current = link.getAttribute('href') === section;
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    for (const done of afterShow) done();
    // A new page (not a new filter of the same one) takes the focus, as a page load would.
    if (path !== shownPath && shownPath !== null) {
      view.focus({ preventScroll: true });
      window.scrollTo(0, 0);
    }
    shownPath = path;
    document.body.setAttribute('data-view', name);
  }

  window.addEventListener('hashchange', show);
  show();
})();

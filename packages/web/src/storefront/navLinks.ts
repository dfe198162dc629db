export const NAV_LINKS = [
  { to: '/', labelKey: 'store.nav.home', end: true },
  { to: '/stores', labelKey: 'store.nav.stores' },
  { to: '/integral', labelKey: 'store.nav.integral' },
  { to: '/seckills', labelKey: 'store.nav.seckills' },
  { to: '/collectives', labelKey: 'store.nav.collectives' },
];

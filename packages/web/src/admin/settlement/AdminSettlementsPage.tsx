import { useState } from 'react';
import ResourcePage from '../../resource/ResourcePage';
import { SettleNow } from './SettleNow';

/** Settlements of every store (generic list) with the manual "settle now" above it; the list reloads after a run. */
export default function AdminSettlementsPage() {
  const [generation, setGeneration] = useState(0);
  return (
    <>
      <SettleNow onSettled={() => setGeneration((n) => n + 1)} />
      <ResourcePage key={generation} />
    </>
  );
}

// The three ways in, visible without a menu: a Kubernetes CRD upgrade (the built-in Widget, and real upstream
// CRDs), ASO's storage design (the ServiceFabric and Person catalogs), and the user's own CRD (paste, open, URL).
import type { ReactNode } from 'react';
import { useCatalogIndex } from '../queries/catalogQueries.ts';
import { ExamplesMenu } from '../panels/ExamplesMenu.tsx';
import { CatalogLoader, type LoadOutcome } from '../panels/CatalogLoader.tsx';
import { LoadFromUrl } from '../share/LoadFromUrl.tsx';
import { CompareCatalogs } from '../panels/CompareCatalogs.tsx';

/** The built-in catalogs offered as first steps, by id, with the words on their buttons. */
const KUBERNETES = [
  {
    id: 'widget',
    label: 'Widget v1alpha1 → v1',
    title: 'A small CRD stored at v1 without a webhook: v1alpha1’s spec.colour is dropped on write',
  },
] as const;
const ASO = [
  {
    id: 'servicefabric',
    label: 'ServiceFabric',
    title: 'Azure ServiceFabric Cluster 2016-03-01 → 2016-09-01: fields kept in the hub’s property bag',
  },
  {
    id: 'crm-person',
    label: 'Person',
    title: 'A CRM Person across ten versions: renames and a hub that remembers them',
  },
] as const;

function Way({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <div className="way" role="group" aria-label={label}>
      <span className="way-label">{label}</span>
      {children}
    </div>
  );
}

export function StartBar({
  current,
  onBuiltin,
  onLoaded,
}: {
  /** The built-in catalog open now, if any. */
  readonly current: string | undefined;
  readonly onBuiltin: (id: string) => void;
  readonly onLoaded: (outcome: LoadOutcome) => void;
}) {
  const index = useCatalogIndex();
  const known = (id: string) => index.data?.catalogs.some((c) => c.id === id) ?? false;
  const button = (b: { readonly id: string; readonly label: string; readonly title: string }) =>
    known(b.id) && (
      <button
        key={b.id}
        type="button"
        className="way-example"
        title={b.title}
        aria-pressed={current === b.id}
        onClick={() => onBuiltin(b.id)}
      >
        {b.label}
      </button>
    );
  return (
    <nav className="start-bar" aria-label="Ways in">
      <Way label="Kubernetes CRD upgrade">
        {KUBERNETES.map(button)}
        <ExamplesMenu />
      </Way>
      <Way label="ASO’s design">{ASO.map(button)}</Way>
      <Way label="Your own CRD">
        <CatalogLoader onLoaded={onLoaded} />
        <LoadFromUrl onLoaded={onLoaded} />
      </Way>
      <div className="spacer" />
      <CompareCatalogs />
    </nav>
  );
}

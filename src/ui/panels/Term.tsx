// A design term explained where it appears (a glossary hover): the word keeps its place, its meaning is in
// the tooltip and in the accessible description.
import type { ReactNode } from 'react';

export const GLOSSARY = {
  hub: 'The one version every other version converts through, in ASO’s design (the stored form).',
  'property bag': 'Where ASO’s hub keeps values it has no field for, so converting back can restore them.',
  bloat: 'Properties the stored form still carries although no served version has them any more.',
  amnesia: 'Values a storage design forgets: written at one version, gone after a trip through another.',
  collision: 'One field name with different types in different versions: storage can hold only one.',
  retyped: 'A field whose type changes between releases.',
  horizon: 'How many of the newest releases are still served; older ones are retired.',
  census: 'A count of each kind of change between consecutive versions, over every kind of the catalog.',
  'kept outside the schema':
    'Values this design keeps, but not as fields of the stored schema (a property bag or an annotation).',
} as const;

export type GlossaryTerm = keyof typeof GLOSSARY;

export function Term({ term, children }: { readonly term: GlossaryTerm; readonly children?: ReactNode }) {
  return (
    <span className="term" title={GLOSSARY[term]}>
      {children ?? term}
    </span>
  );
}

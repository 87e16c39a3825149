// Seed 003's case study, reproduced on the built-in CRM Person catalog. Every expected value below is taken from
// the seed's text (quoted beside it), not from the code under test.
import { describe, expect, it } from 'vitest';
import { builtinCatalog } from '../../testdata/loadCatalogs.ts';
import { apiVersion, I, makeCatalog, makeKind, S, type } from '../../testdata/fixtures.ts';
import { compareStrategies, type Design, type StrategyComparison } from './compareStrategies.ts';

const crm = builtinCatalog('crm-person');

function compare(at: string, horizon?: number): StrategyComparison {
  const r = compareStrategies(crm, 'Person', { at, ...(horizon !== undefined ? { horizon } : {}) });
  if (!r.comparison) throw new Error(JSON.stringify(r.issues));
  return r.comparison;
}
const design = (c: StrategyComparison, id: Design['id']): Design => c.designs.find((d) => d.id === id) as Design;
/** Top-level Person properties of a design's storage type (the seed's Go structs list these). */
const personProps = (d: Design): string[] =>
  d.properties.filter((p) => p.path.split('.').length === 2).map((p) => p.path.slice('spec.'.length));
const props = (d: Design, parent: string): string[] =>
  d.properties
    .filter((p) => p.path.startsWith(`spec.${parent}.`) && p.path.split('.').length === 3)
    .map((p) => p.path.split('.')[2] as string);
const losses = (d: Design, kind: string): string[] => d.losses.filter((l) => l.kind === kind).map((l) => l.path);
const step = (c: StrategyComparison, v: string) => c.timeline.find((s) => s.version === v);

// The seed's version maps drop 2011-01-01 at 2015-05-05, 2012-02-02 at 2016-06-06, 2013-03-03 at 2017-07-07 and
// both 2014-04-04 versions at 2018-08-08: the newest 4 releases, a preview sharing its GA's release.
const HORIZON = 4;

describe('seed 003 case study: fixed storage of CRM Person', () => {
  it('2014-04-04preview: the storage version gains FamilyName, FullName and KnownAs; no bloat yet', () => {
    const c = compare('2014-04-04preview', HORIZON);
    // "type Person struct { FamilyName FirstName FullName Id KnownAs LastName MiddleName }"
    expect(personProps(design(c, 'fixed')).sort()).toEqual(
      ['familyName', 'firstName', 'fullName', 'id', 'knownAs', 'lastName', 'middleName'].sort(),
    );
    expect(c.timeline.flatMap((s) => s.bloat)).toEqual([]);
  });

  it('2014-04-04: property bloat appears, FullName kept for preview users only', () => {
    const c = compare('2014-04-04', HORIZON);
    const fixed = design(c, 'fixed');
    // "Id AlphaKey FamilyName FirstName FullName KnownAs LastName LegalName MiddleName"
    expect(personProps(fixed).sort()).toEqual(
      [
        'alphaKey',
        'familyName',
        'firstName',
        'fullName',
        'id',
        'knownAs',
        'lastName',
        'legalName',
        'middleName',
      ].sort(),
    );
    // "only preview users would ever have used FullName as it became LegalName in the general release"
    const fullName = fixed.losses.find((l) => l.kind === 'bloat' && l.path === 'spec.fullName');
    expect(fullName).toMatchObject({ versions: ['2014-04-04preview'], previewOnly: true });
    const s = step(c, '2014-04-04');
    expect(s?.bloatPreviewOnly).toEqual(['spec.fullName']);
    // bloat first appears with this release
    expect(c.timeline.filter((x) => x.bloat.length > 0).map((x) => x.version)).toEqual(['2014-04-04']);
  });

  it('2015-05-05: AlphaKey and SortKey both kept; 2011-01-01 leaves the horizon without amnesia', () => {
    const c = compare('2015-05-05', HORIZON);
    const fixed = design(c, 'fixed');
    // "the storage type needs to have both AlphaKey and SortKey for backward compatibility"
    expect(personProps(fixed)).toEqual(expect.arrayContaining(['alphaKey', 'sortKey']));
    expect(losses(fixed, 'bloat')).toContain('spec.alphaKey');
    // "support for version 2011-01-01 being dropped in this release"
    expect(step(c, '2015-05-05')?.retiring).toEqual(['2011-01-01']);
    expect(losses(fixed, 'forgotten')).toEqual([]);
  });

  it('2016-06-06: MailingAddress and an Address storage struct; 2012-02-02 drops out', () => {
    const c = compare('2016-06-06', HORIZON);
    const fixed = design(c, 'fixed');
    // "type Address struct { PropertyBag City Street }"
    expect(props(fixed, 'mailingAddress').sort()).toEqual(['city', 'street']);
    expect(step(c, '2016-06-06')?.retiring).toEqual(['2012-02-02']);
    expect(losses(fixed, 'forgotten')).toEqual([]);
  });

  it('2017-07-07: property amnesia once 2011-01-01..2013-03-03 leave the horizon', () => {
    const c = compare('2017-07-07', HORIZON);
    const fixed = design(c, 'fixed');
    expect(c.versions.filter((v) => v.status === 'retired').map((v) => v.name)).toEqual([
      '2011-01-01',
      '2012-02-02',
      '2013-03-03',
    ]);
    // "The properties FirstName, MiddleName and LastName no longer exist"
    expect(losses(fixed, 'forgotten')).toEqual(['spec.firstName', 'spec.lastName', 'spec.middleName']);
    expect(step(c, '2017-07-07')?.forgotten).toEqual(['spec.firstName', 'spec.lastName', 'spec.middleName']);
    // "AlphaKey FamilyName FullName Id KnownAs LegalName MailingAddress SortKey"
    expect(personProps(fixed).sort()).toEqual(
      ['alphaKey', 'familyName', 'fullName', 'id', 'knownAs', 'legalName', 'mailingAddress', 'sortKey'].sort(),
    );
    // amnesia first happens at this release
    expect(c.timeline.filter((x) => x.forgotten.length > 0).map((x) => x.version)).toEqual(['2017-07-07']);
  });

  it('2018-08-08: Address extended; dropping both 2014-04-04 versions forgets FullName', () => {
    const c = compare('2018-08-08', HORIZON);
    const fixed = design(c, 'fixed');
    // "type Address struct { City Country FullAddress PostCode Street }"
    expect(props(fixed, 'mailingAddress').sort()).toEqual(['city', 'country', 'fullAddress', 'postCode', 'street']);
    expect(step(c, '2018-08-08')?.retiring).toEqual(['2014-04-04preview', '2014-04-04']);
    // "the FullName property (only included in the 2014-04-04preview release) has been forgotten"
    expect(step(c, '2018-08-08')?.forgotten).toContain('spec.fullName');
  });

  it('2019-09-09: MailingAddress collides (Address vs Location) and is stored as MailingAddress_v20190909', () => {
    const c = compare('2019-09-09', HORIZON);
    const fixed = design(c, 'fixed');
    // "MailingAddress *Address; MailingAddress_v20190909 *Location"
    expect(personProps(fixed)).toEqual(expect.arrayContaining(['mailingAddress', 'mailingAddress_v20190909']));
    const collision = fixed.losses.find((l) => l.kind === 'colliding');
    expect(collision).toMatchObject({
      path: 'spec.mailingAddress',
      storedAs: 'spec.mailingAddress_v20190909',
      versions: ['2019-09-09'],
    });
    expect(fixed.properties.find((p) => p.path === 'spec.mailingAddress')?.type).toBe('*Address');
    expect(fixed.properties.find((p) => p.path === 'spec.mailingAddress_v20190909')?.type).toBe('*Location');
    expect(c.timeline.filter((x) => x.collisions.length > 0).map((x) => x.version)).toEqual(['2019-09-09']);
  });
});

describe('seed 003 case study: the rolling hub avoids each problem', () => {
  it('no bloat: the hub is the newest GA version, FullName of the preview is renamed into LegalName', () => {
    const hub = design(compare('2014-04-04', HORIZON), 'rolling-hub');
    expect(hub.storage).toBe('2014-04-04storage');
    // seed 001: "Base the storage version on the latest available API version"
    expect(personProps(hub).sort()).toEqual(['alphaKey', 'familyName', 'id', 'knownAs', 'legalName']);
    expect(hub.obsolete).toEqual([]);
    expect(hub.kept.find((k) => k.path === 'spec.fullName')?.how).toBe('renamed');
  });

  it('no amnesia: fields only retired versions declared live on in $propertyBag', () => {
    const hub = design(compare('2017-07-07', HORIZON), 'rolling-hub');
    expect(hub.losses).toEqual([]);
    for (const f of ['spec.firstName', 'spec.lastName', 'spec.middleName'])
      expect(hub.kept.find((k) => k.path === f)?.how).toBe('property-bag');
    expect(hub.map.edges.filter((e) => e.kind === 'bag').map((e) => e.from)).toEqual([
      '2011-01-01',
      '2012-02-02',
      '2013-03-03',
    ]);
  });

  it('no type collision: Address converts to Location through the configured type rename', () => {
    const hub = design(compare('2019-09-09', HORIZON), 'rolling-hub');
    expect(hub.storage).toBe('2019-09-09storage');
    expect(personProps(hub).filter((p) => p.startsWith('mailingAddress'))).toEqual(['mailingAddress']);
    expect(hub.kept.find((k) => k.path === 'spec.mailingAddress')).toMatchObject({
      how: 'type-renamed',
      versions: ['2016-06-06', '2017-07-07', '2018-08-08'],
    });
    expect(hub.losses).toEqual([]);
  });
});

describe('the horizon', () => {
  it('forgets FirstName, LastName and MiddleName exactly when 2013-03-03 leaves it', () => {
    const forgotten = (h: number) => losses(design(compare('2019-09-09', h), 'fixed'), 'forgotten');
    expect(forgotten(9)).toEqual([]);
    expect(forgotten(7)).toEqual([]); // 2011-01-01 and 2012-02-02 out: 2013-03-03 still declares all three
    expect(forgotten(6)).toEqual(['spec.firstName', 'spec.lastName', 'spec.middleName']);
  });

  it('without a horizon nothing is forgotten and the superset only grows', () => {
    const c = compare('2019-09-09');
    expect(c.horizon).toBeNull();
    expect(c.timeline.flatMap((s) => s.forgotten)).toEqual([]);
    const counts = c.timeline.map((s) => s.fixedPropertyCount);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('rejects a horizon that is not a whole number of releases', () => {
    for (const h of [0, -1, 1.5])
      expect(compareStrategies(crm, 'Person', { horizon: h }).issues[0]?.code).toBe('INVALID_HORIZON');
    expect(compareStrategies(crm, 'Person', { at: '2020-01-01' }).issues[0]?.code).toBe('UNKNOWN_VERSION');
    expect(compareStrategies(crm, 'Nobody').issues[0]?.code).toBe('UNKNOWN_KIND');
  });
});

describe('as deployed', () => {
  it('stands in the newest GA version when the source declares no storage version, and prunes the rest', () => {
    const d = design(compare('2019-09-09'), 'as-deployed');
    expect(d).toMatchObject({ storage: '2019-09-09', assumed: true });
    expect(losses(d, 'pruned-on-write')).toEqual([
      'spec.alphaKey',
      'spec.firstName',
      'spec.fullName',
      'spec.lastName',
      'spec.mailingAddress.street',
      'spec.middleName',
    ]);
  });
});

describe('the sting in the tail of a type collision (seed 003, 2019-09-09)', () => {
  it('once the original ages out, the plain name holds the new type: retyped, breaking both sets of users', () => {
    const w = (name: string, size: typeof I) => apiVersion(name, 'W', 'WSpec', [type('WSpec', { size })]);
    const catalog = makeCatalog('w', [makeKind('example.com', 'W', [w('v1', I), w('v2', S), w('v3', S)])]);
    const c = compareStrategies(catalog, 'W', { horizon: 2 }).comparison as StrategyComparison;
    const at = (v: string) => c.timeline.find((s) => s.version === v);
    expect(at('v2')?.collisions).toEqual(['spec.size_v2']);
    // v1 leaves the horizon: `size` is generated as a string now, and `size_v2` is gone
    expect(at('v3')?.retyped).toEqual(['spec.size']);
    expect(at('v3')?.forgotten).toEqual(['spec.size_v2']);
  });
});

// Corpus fuzz for every family but cluster-api (see roundTrip.corpus.test.ts): split for parallel test files.
import { corpusFuzz } from '../testdata/corpusFuzz.ts';

corpusFuzz((u) => u.family !== 'cluster-api');

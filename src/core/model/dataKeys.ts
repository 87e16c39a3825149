// Objects keyed by data (documents' field names, bag keys, type names): any string is a key, including
// `__proto__`, `constructor` and `toString`. One home for both helpers: jsonValue.ts.
export { ownValue, setKey } from './jsonValue.ts';

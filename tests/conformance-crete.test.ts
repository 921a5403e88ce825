/** The shared conformance suite (tests/conformance-suite.ts) on crete. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('crete');

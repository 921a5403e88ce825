/** The shared conformance suite (tests/conformance-suite.ts) on sfo. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('sfo');

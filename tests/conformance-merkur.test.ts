/** The shared conformance suite (tests/conformance-suite.ts) on merkur. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('merkur');

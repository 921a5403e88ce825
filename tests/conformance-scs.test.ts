/** The shared conformance suite (tests/conformance-suite.ts) on scs. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('scs');

/** The shared conformance suite (tests/conformance-suite.ts) on Dark Crusade's Advanced scenarios. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('dc', ['adv-tournament', 'adv-tournament-campaign', 'adv-campaign'], false);

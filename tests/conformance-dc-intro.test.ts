/** The shared conformance suite (tests/conformance-suite.ts) on Dark Crusade's Introductory scenarios, with the game-wide checks. */
import { conformanceSuite } from './conformance-suite.js';

conformanceSuite('dc', ['intro-tournament', 'intro-tournament-campaign', 'intro-campaign']);

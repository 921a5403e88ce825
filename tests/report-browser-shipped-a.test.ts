// The shipped experiments' reports, part 1 of 2 (tests/helpers/shipped-reports.ts says what is
// checked; the two parts run as separate files so they play side by side).
import { shippedReports } from './helpers/shipped-reports.js';

shippedReports(0, 2);

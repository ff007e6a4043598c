import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait 1 s by default; the suite runs two jest workers beside the server's tests on two cores,
// where a page's first render (lazy modules loading) can take longer (seen in CI). Failing tests still fail, later.
configure({ asyncUtilTimeout: 5_000 });

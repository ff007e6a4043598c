import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy… and waitFor wait 1 s by default; 2 s leaves room for a first render that loads lazy modules on a busy CI
// machine. A test that needs longer waits for something slower than the page (a timer: fake timers instead).
configure({ asyncUtilTimeout: 2_000 });

export const tanks = 'tank-level sensors';

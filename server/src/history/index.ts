// Device history: charts, trends, exports and the rollups behind them.
// Nothing of it is public yet: no other feature uses it.
export {};

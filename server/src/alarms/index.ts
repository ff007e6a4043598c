// The alarm log's public entries for other features (notify writes it, readings retires it). The routes are
// registered by app.ts from ./routes.
export {
  clearOccurrence,
  deliveryAcknowledged,
  deliveryRetrying,
  finishDelivery,
  openOccurrenceOf,
  raiseOccurrence,
  recordDelivery,
  retireAlarmLog,
} from './log';

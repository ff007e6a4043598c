// The alarm log's address (docs/product/alarm-log.md): every device's alarms, or one device's with ?device=.
export const ALARM_LOG_PATH = '/devices/alarms';

export const alarmLogPath = (key?: string) => (key ? `${ALARM_LOG_PATH}?device=${encodeURIComponent(key)}` : ALARM_LOG_PATH);

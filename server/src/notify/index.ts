// Notifications: mail, SMS and push for alarms and accounts, and each device's alarm channels.
export { alarmChannelChoice, saveAlarmChannels } from './alarmChannels';
export {
  ALARM_JOB,
  DEFAULT_NOTICE_SETTINGS,
  noticeAlarms,
  noticeSettings,
  releaseHeldTriggers,
  remindOffline,
  withAlarmNotices,
  type NoticeSettings,
} from './alarmNotices';
export { deliverCode, deliverSignUpCode, noticeEmailChange, noticeSignUpAttempt, senderNameOf } from './codeMails';
export type { Mail, Mailer } from './mail';
export { formatOwnerTime, ownerTimeZone } from './ownerTime';
export { isPublicAddress, publicOnlyLookup, type PushTransport, type Resolver } from './push';
export { SAFE_NAME_MAX, safeDeviceName, safePlainText } from './safeDeviceName';
export type { SmsProvider } from './sms';

// Reports by e-mail (docs/product/reports.md): the public entry for other features. notify/worker.ts delivers the
// report jobs; the routes and the job are started by app.ts from ./routes and ./schedule.
export { deliverReport, REPORT_JOB, type ReportPayload } from './schedule';

/** A refusal or failure an operator must read: printed as its message, without a stack. */
export class OpsError extends Error {
  override name = 'OpsError';
}

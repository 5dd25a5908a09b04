/** API keys, firewall allow-list and API logs (issue: keys, rights, firewall, logs). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SecurityState {}

export const initialSecurityState = (): SecurityState => ({});

import { integer, object, string, type OperationSchemas } from './parts';

export const insightsSchemas: Readonly<Record<string, OperationSchemas>> = {
  // The recorded answer (CTS insights "Many events type"): `{ message: 'OK', status: 200 }`.
  pushEvents: { 200: object({ message: string, status: integer }, ['message', 'status']) },
};

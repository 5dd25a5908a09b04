import { recordAndVerify } from './scenarios';

recordAndVerify('requester');

import { recordAndVerify } from './scenarios';

recordAndVerify('server');

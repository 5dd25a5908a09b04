import { recordAndVerify } from './scenarios';

recordAndVerify('msw');

// English messages: one file per page group, merged here. Every key is in exactly one group and has its Japanese twin
// in the same group of messages-ja.js (checked in the browser by ModuleBrowserTests).
import common from './messages-en-common.js';
import data from './messages-en-data.js';
import application from './messages-en-application.js';
import operations from './messages-en-operations.js';

/** The page groups, in the order they are merged. */
export const groups = { common, data, application, operations };

export default Object.assign({}, common, data, application, operations);

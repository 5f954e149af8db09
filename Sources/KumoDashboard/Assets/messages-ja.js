// 日本語のメッセージ(既定の言語):ページのまとまりごとのファイルをここでまとめる。キーは messages-en.js と同じで、
// どのキーもひとつのまとまりにだけある(ModuleBrowserTests がブラウザで確かめる)。
import common from './messages-ja-common.js';
import data from './messages-ja-data.js';
import application from './messages-ja-application.js';
import operations from './messages-ja-operations.js';

/** ページのまとまり(まとめる順)。 */
export const groups = { common, data, application, operations };

export default Object.assign({}, common, data, application, operations);

// The dashboard's routes, one builder per route: generated from their declarations (Sources/KumoDashboard/Routing/)
// by DashboardRouteScript; do not edit. DashboardRouteScriptTests fails when this file differs from the
// declarations, and `KUMO_WRITE_ROUTES_JS=1 swift test --filter DashboardRouteScriptTests` writes it again
// (docs/decisions/0109-dashboard-routes-declared-once.md).
//
// A builder takes the path's parameters and gives the route: its method, its path with each segment
// percent-encoded, and the names of the query items it reads (`null`: NCMB's find parameters, passed on). api.js
// sends it.

/** A route: its method, its path, the names of the query items it reads. */
function route(method, segments, query) {
  return Object.freeze({ method, path: segments.map((segment) => `/${encodeURIComponent(segment)}`).join(''), query });
}

/**
 * The standard classes (SDK/Sources/NCMBWire/Schema/StandardClass.swift): the stored name pointers carry
 * (`className`), the name the API's paths and the dashboard use (`name`), and whether the data browser shows
 * its objects (`browsable`).
 */
export const standardClasses = Object.freeze([
  Object.freeze({ className: 'user', name: 'users', browsable: true }),
  Object.freeze({ className: 'role', name: 'roles', browsable: true }),
  Object.freeze({ className: 'installation', name: 'installations', browsable: true }),
  Object.freeze({ className: 'push', name: 'push', browsable: true }),
  Object.freeze({ className: 'file', name: 'files', browsable: false }),
]);

/** `GET /dashboard/login` */
export const loginPage = () => route('GET', ['dashboard', 'login'], ['next']);

/** `POST /dashboard/login` */
export const login = () => route('POST', ['dashboard', 'login'], []);

/** `POST /dashboard/logout` */
export const logout = () => route('POST', ['dashboard', 'logout'], []);

/** `GET /dashboard/setup` */
export const setupPage = () => route('GET', ['dashboard', 'setup'], ['token']);

/** `POST /dashboard/setup` */
export const setup = () => route('POST', ['dashboard', 'setup'], []);

/** `GET /dashboard/assets/{file}` */
export const asset = (file) => route('GET', ['dashboard', 'assets', file], []);

/** `GET /dashboard/api/session` */
export const session = () => route('GET', ['dashboard', 'api', 'session'], []);

/** `PUT /dashboard/api/session/language` */
export const setLanguage = () => route('PUT', ['dashboard', 'api', 'session', 'language'], []);

/** `GET /dashboard/api/audit` */
export const audit = () => route('GET', ['dashboard', 'api', 'audit'], ['limit', 'before']);

/** `GET /dashboard/api/apps` */
export const applications = () => route('GET', ['dashboard', 'api', 'apps'], []);

/** `POST /dashboard/api/apps` */
export const createApplication = () => route('POST', ['dashboard', 'api', 'apps'], []);

/** `GET /dashboard/api/apps/{app}` */
export const application = (app) => route('GET', ['dashboard', 'api', 'apps', app], []);

/** `GET /dashboard/api/apps/{app}/classes` */
export const classes = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'classes'], []);

/** `GET /dashboard/api/metrics` */
export const metrics = () => route('GET', ['dashboard', 'api', 'metrics'], ['minutes', 'application']);

/** `GET /dashboard/api/apps/{app}/classes/{className}/objects` */
export const findObjects = (app, className) => route('GET', ['dashboard', 'api', 'apps', app, 'classes', className, 'objects'], null);

/** `POST /dashboard/api/apps/{app}/classes/{className}/objects` */
export const createObject = (app, className) => route('POST', ['dashboard', 'api', 'apps', app, 'classes', className, 'objects'], []);

/** `GET /dashboard/api/apps/{app}/classes/{className}/objects/{objectId}` */
export const getObject = (app, className, objectId) => route('GET', ['dashboard', 'api', 'apps', app, 'classes', className, 'objects', objectId], []);

/** `PUT /dashboard/api/apps/{app}/classes/{className}/objects/{objectId}` */
export const updateObject = (app, className, objectId) => route('PUT', ['dashboard', 'api', 'apps', app, 'classes', className, 'objects', objectId], []);

/** `DELETE /dashboard/api/apps/{app}/classes/{className}/objects/{objectId}` */
export const deleteObject = (app, className, objectId) => route('DELETE', ['dashboard', 'api', 'apps', app, 'classes', className, 'objects', objectId], []);

/** `POST /dashboard/api/apps/{app}/classes/{className}/delete` */
export const deleteObjects = (app, className) => route('POST', ['dashboard', 'api', 'apps', app, 'classes', className, 'delete'], []);

/** `GET /dashboard/api/apps/{app}/settings` */
export const settings = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'settings'], []);

/** `PUT /dashboard/api/apps/{app}/settings` */
export const updateSettings = (app) => route('PUT', ['dashboard', 'api', 'apps', app, 'settings'], []);

/** `POST /dashboard/api/apps/{app}/users/{objectId}/passwordReset` */
export const passwordReset = (app, objectId) => route('POST', ['dashboard', 'api', 'apps', app, 'users', objectId, 'passwordReset'], []);

/** `DELETE /dashboard/api/apps/{app}/users/{objectId}/sessions` */
export const endSessions = (app, objectId) => route('DELETE', ['dashboard', 'api', 'apps', app, 'users', objectId, 'sessions'], []);

/** `GET /dashboard/api/apps/{app}/roles/{objectId}/members` */
export const roleMembers = (app, objectId) => route('GET', ['dashboard', 'api', 'apps', app, 'roles', objectId, 'members'], ['limit', 'skip']);

/** `GET /dashboard/api/apps/{app}/push/{objectId}/outcomes` */
export const pushOutcomes = (app, objectId) => route('GET', ['dashboard', 'api', 'apps', app, 'push', objectId, 'outcomes'], ['outcome', 'limit', 'skip']);

/** `GET /dashboard/api/apps/{app}/files` */
export const findFiles = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'files'], null);

/** `POST /dashboard/api/apps/{app}/files/{fileName}` */
export const uploadFile = (app, fileName) => route('POST', ['dashboard', 'api', 'apps', app, 'files', fileName], ['acl']);

/** `GET /dashboard/api/apps/{app}/files/{fileName}/content` */
export const fileContent = (app, fileName) => route('GET', ['dashboard', 'api', 'apps', app, 'files', fileName, 'content'], []);

/** `PUT /dashboard/api/apps/{app}/files/{fileName}` */
export const updateFileACL = (app, fileName) => route('PUT', ['dashboard', 'api', 'apps', app, 'files', fileName], []);

/** `DELETE /dashboard/api/apps/{app}/files/{fileName}` */
export const deleteFile = (app, fileName) => route('DELETE', ['dashboard', 'api', 'apps', app, 'files', fileName], []);

/** `GET /dashboard/api/apps/{app}/classes/{className}/permissions` */
export const classPermissions = (app, className) => route('GET', ['dashboard', 'api', 'apps', app, 'classes', className, 'permissions'], []);

/** `PUT /dashboard/api/apps/{app}/classes/{className}/permissions` */
export const updateClassPermissions = (app, className) => route('PUT', ['dashboard', 'api', 'apps', app, 'classes', className, 'permissions'], []);

/** `GET /dashboard/api/apps/{app}/classes/{className}/indexes` */
export const indexes = (app, className) => route('GET', ['dashboard', 'api', 'apps', app, 'classes', className, 'indexes'], []);

/** `POST /dashboard/api/apps/{app}/classes/{className}/indexes` */
export const createIndex = (app, className) => route('POST', ['dashboard', 'api', 'apps', app, 'classes', className, 'indexes'], []);

/** `DELETE /dashboard/api/apps/{app}/classes/{className}/indexes` */
export const removeIndex = (app, className) => route('DELETE', ['dashboard', 'api', 'apps', app, 'classes', className, 'indexes'], ['fields']);

/** `GET /dashboard/api/apps/{app}/scripts` */
export const scripts = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'scripts'], []);

/** `GET /dashboard/api/apps/{app}/scripts/executions` */
export const scriptExecutions = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'scripts', 'executions'], ['script', 'limit', 'before']);

/** `GET /dashboard/api/apps/{app}/scripts/{name}` */
export const script = (app, name) => route('GET', ['dashboard', 'api', 'apps', app, 'scripts', name], []);

/** `PUT /dashboard/api/apps/{app}/scripts/{name}` */
export const deployScript = (app, name) => route('PUT', ['dashboard', 'api', 'apps', app, 'scripts', name], []);

/** `PATCH /dashboard/api/apps/{app}/scripts/{name}` */
export const updateScript = (app, name) => route('PATCH', ['dashboard', 'api', 'apps', app, 'scripts', name], []);

/** `DELETE /dashboard/api/apps/{app}/scripts/{name}` */
export const removeScript = (app, name) => route('DELETE', ['dashboard', 'api', 'apps', app, 'scripts', name], []);

/** `POST /dashboard/api/apps/{app}/scripts/{name}/run` */
export const runScript = (app, name) => route('POST', ['dashboard', 'api', 'apps', app, 'scripts', name, 'run'], []);

/** `GET /dashboard/api/apps/{app}/imports` */
export const imports = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'imports'], []);

/** `POST /dashboard/api/apps/{app}/imports` */
export const createImport = (app) => route('POST', ['dashboard', 'api', 'apps', app, 'imports'], []);

/** `GET /dashboard/api/apps/{app}/imports/{id}` */
export const importJob = (app, id) => route('GET', ['dashboard', 'api', 'apps', app, 'imports', id], []);

/** `DELETE /dashboard/api/apps/{app}/imports/{id}` */
export const removeImport = (app, id) => route('DELETE', ['dashboard', 'api', 'apps', app, 'imports', id], []);

/** `PUT /dashboard/api/apps/{app}/imports/{id}/exports/{file}` */
export const uploadImportExport = (app, id, file) => route('PUT', ['dashboard', 'api', 'apps', app, 'imports', id, 'exports', file], []);

/** `PUT /dashboard/api/apps/{app}/imports/{id}/files/{file}` */
export const uploadImportFile = (app, id, file) => route('PUT', ['dashboard', 'api', 'apps', app, 'imports', id, 'files', file], []);

/** `POST /dashboard/api/apps/{app}/imports/{id}/start` */
export const startImport = (app, id) => route('POST', ['dashboard', 'api', 'apps', app, 'imports', id, 'start'], []);

/** `GET /dashboard/api/apps/{app}/imports/{id}/report` */
export const importReport = (app, id) => route('GET', ['dashboard', 'api', 'apps', app, 'imports', id, 'report'], []);

/** `GET /dashboard/api/apps/{app}/export` */
export const exportApplication = (app) => route('GET', ['dashboard', 'api', 'apps', app, 'export'], ['classes', 'includeSecrets']);

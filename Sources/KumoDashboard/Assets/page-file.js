// One file: its metadata, download, a preview for raster images only, the ACL grid, delete. The preview is an
// <img> of the API's download URL, which serves PNG, JPEG, GIF and WebP inline and everything else (SVG and HTML
// included) as an attachment, so an uploaded document never runs in the dashboard's origin.
import { h, append } from './dom.js';
import { t, formatDate } from './i18n.js';
import * as api from './api.js';
import * as pages from './pages.js';
import * as routes from './routes.js';
import { breadcrumbs } from './breadcrumbs.js';
import { createAclEditor } from './acl-editor.js';
import { filesCrumbs, formatBytes } from './page-files.js';

/** The page's name (`main[data-page]`). */
export const name = 'file';

/** The types the page previews: raster images, which a browser draws and never runs. */
export const previewTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** Whether a MIME type (parameters ignored, any case) is previewed. */
export function isPreviewable(mimeType) {
  return previewTypes.includes(String(mimeType ?? '').split(';')[0].trim().toLowerCase());
}

/** Renders the file page. */
export async function render(main, context) {
  const { app: applicationName, fileName } = context.parameters;
  context.title(fileName);
  const answer = await api.request(routes.findFiles(applicationName), { query: { where: JSON.stringify({ fileName }), limit: 1 } });
  if (!context.isCurrent()) return;
  const file = answer?.results?.[0];
  if (!file) throw new api.ApiError(404, 'E404001', t('file.notFound', { name: fileName }));
  const contentURL = api.url(routes.fileContent(applicationName, fileName));

  const preview = isPreviewable(file.mimeType)
    ? h('figure', { class: 'card preview', id: 'file-preview' },
      h('img', { src: contentURL, alt: t('file.previewOf', { name: fileName }) }),
      h('figcaption', { class: 'hint', text: t('file.preview') }))
    : h('p', { class: 'muted', id: 'no-preview', text: t('file.noPreview') });

  const acl = createAclEditor(file.acl);
  const save = h('button', { type: 'submit', id: 'save-acl', text: t('file.saveACL') });
  const form = h('form', { class: 'card', id: 'file-acl' }, acl.element, h('div', { class: 'actions' }, save));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    context.clearStatus();
    await context.submit(save, async () => {
      await api.request(routes.updateFileACL(applicationName, fileName), { body: { acl: acl.read() } });
      context.refresh({ kind: 'success', message: t('file.aclSaved') });
    });
  });

  const remove = h('button', { type: 'button', class: 'danger', id: 'delete-file', text: t('file.delete') });
  remove.addEventListener('click', () => context.confirmThen(t('file.confirmDelete', { name: fileName }), async () => {
    await api.request(routes.deleteFile(applicationName, fileName));
    context.navigate(pages.files(applicationName), { statusMessage: { kind: 'success', message: t('file.deleted', { name: fileName }) } });
  }));

  main.dataset.fileName = fileName;
  append(main,
    breadcrumbs([...filesCrumbs(applicationName), [fileName]]),
    h('h1', {}, h('code', { text: fileName })),
    h('dl', { class: 'meta', id: 'file-meta' },
      h('dt', { text: t('files.mimeType') }), h('dd', {}, h('code', { id: 'file-type', text: file.mimeType ?? '' })),
      h('dt', { text: t('files.fileSize') }), h('dd', { id: 'file-size', text: formatBytes(file.fileSize) }),
      h('dt', { text: 'createDate' }), h('dd', {}, h('time', { datetime: file.createDate, text: formatDate(file.createDate) })),
      h('dt', { text: 'updateDate' }), h('dd', {}, h('time', { datetime: file.updateDate, text: formatDate(file.updateDate) }))),
    h('div', { class: 'actions' },
      h('a', { class: 'button', id: 'download-file', href: contentURL, download: fileName, text: t('files.download') }),
      remove),
    preview,
    form);
}

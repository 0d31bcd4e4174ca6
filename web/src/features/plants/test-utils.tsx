/** Plant pages and components render like any signed-in page. */
export { renderPage as renderPlants } from '../../test/render-page';

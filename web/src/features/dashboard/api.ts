import { type EndpointData, portfolio } from '@solar/contract';
import { useApiQuery } from '../../shared/api/hooks';
import { usePageActivity } from '../../shared/ui/page-activity';

export type Portfolio = EndpointData<typeof portfolio>;
export type PortfolioPlant = Portfolio['plants'][number];

const LIVE_REFRESH_MS = 60_000;

/** The whole fleet in one request, refreshed each minute while the page is shown. */
export function usePortfolio() {
  const { isActive } = usePageActivity();
  return useApiQuery(portfolio, {}, { refetchInterval: isActive ? LIVE_REFRESH_MS : false });
}

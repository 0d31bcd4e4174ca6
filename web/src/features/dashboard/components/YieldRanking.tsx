import { Card, Col, List, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatters } from '../../../shared/format/formatters';
import type { PortfolioPlant } from '../api';

const SHOWN = 3;
type Period = 'todayYield' | 'monthYield';

/** Plants with a capacity, best first, by a period's specific yield. */
export function rankByYield(plants: readonly PortfolioPlant[], period: Period) {
  const ranked = plants
    .filter((plant) => plant[period] !== null)
    .sort((a, b) => (b[period] ?? 0) - (a[period] ?? 0));
  const best = ranked.slice(0, SHOWN);
  const worst = ranked.slice(Math.max(SHOWN, ranked.length - SHOWN)).reverse();
  return { best, worst };
}

function Ranking({
  title,
  plants,
  period,
}: {
  title: string;
  plants: PortfolioPlant[];
  period: Period;
}) {
  const format = formatters();
  return (
    <List
      size="small"
      header={<Typography.Text type="secondary">{title}</Typography.Text>}
      dataSource={plants}
      renderItem={(plant) => (
        <List.Item extra={format.specificYield(plant[period] ?? 0)}>
          <Link to={`/plants/overview/${plant.id}`} style={{ overflowWrap: 'anywhere' }}>
            {plant.name}
          </Link>
        </List.Item>
      )}
    />
  );
}

export function YieldRanking({ plants }: { plants: readonly PortfolioPlant[] }) {
  const { t } = useTranslation('plants');
  const periods = [
    { period: 'todayYield' as const, title: t('dashboard.yieldToday') },
    { period: 'monthYield' as const, title: t('dashboard.yieldMonth') },
  ];
  return (
    <Row gutter={[12, 12]}>
      {periods.map(({ period, title }) => {
        const { best, worst } = rankByYield(plants, period);
        return (
          <Col key={period} xs={24} lg={12}>
            <Card size="small" title={title} data-testid={`ranking-${period}`}>
              <Row gutter={12}>
                <Col xs={24} sm={12}>
                  <Ranking title={t('dashboard.best')} plants={best} period={period} />
                </Col>
                {worst.length > 0 && (
                  <Col xs={24} sm={12}>
                    <Ranking title={t('dashboard.worst')} plants={worst} period={period} />
                  </Col>
                )}
              </Row>
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

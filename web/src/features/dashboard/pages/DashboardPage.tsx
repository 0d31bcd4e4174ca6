import { Result, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { usePortfolio } from '../api';
import { FleetMap } from '../components/FleetMap';
import { FleetTotals } from '../components/FleetTotals';
import { PlantCardGrid } from '../components/PlantCardGrid';
import { StatusAndAlarms } from '../components/StatusAndAlarms';
import { YieldRanking } from '../components/YieldRanking';

/** Where users land: the fleet at a glance; an owner of a single plant goes to its overview. */
export default function DashboardPage() {
  const { t } = useTranslation('plants');
  const { data, error } = usePortfolio();
  if (error) return <Result status="error" title={t('overview.loadFailed')} />;
  if (!data) return <Skeleton active paragraph={{ rows: 10 }} />;
  const [only] = data.plants;
  if (data.plants.length === 1 && only)
    return <Navigate to={`/plants/overview/${only.id}`} replace />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="dashboard">
      <FleetTotals totals={data.totals} />
      <StatusAndAlarms data={data} />
      <YieldRanking plants={data.plants} />
      <FleetMap plants={data.plants} />
      <PlantCardGrid plants={data.plants} />
    </Space>
  );
}

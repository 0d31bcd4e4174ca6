import { useParams } from 'react-router-dom';
import { PlantNotFound } from '../components/overview/PlantNotFound';
import { PlantOverview } from '../components/overview/PlantOverview';
import '../export/print.css';

function usePlantIdParam(): number | undefined {
  const { id } = useParams();
  const plantId = Number(id);
  return Number.isInteger(plantId) && plantId > 0 ? plantId : undefined;
}

export default function PlantOverviewPage() {
  const id = usePlantIdParam();
  return id === undefined ? <PlantNotFound /> : <PlantOverview key={id} id={id} />;
}

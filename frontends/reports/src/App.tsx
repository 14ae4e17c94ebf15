import { Navigate, Route, Routes } from 'react-router';
import { ReportsPage } from './ReportsPage.js';
import './reports.css';

/** The reports remote. */
export default function App() {
  return (
    <Routes>
      <Route path="/reports" element={<ReportsPage />} />
      <Route path="*" element={<Navigate to="/reports" replace />} />
    </Routes>
  );
}

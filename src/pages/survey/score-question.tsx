import { SURVEY_SCALE, type SurveyQuestion } from '../../domain/survey';
import styles from './survey-page.module.css';

interface ScoreQuestionProps {
  question: SurveyQuestion;
  number: number;
  text: string;
  score: number;
  disabled: boolean;
  onChoose: (score: number) => void;
}

/**
 * Ten choices as a native radio group: one Tab stop per question, arrow keys move within it, and assistive
 * tech hears which one is chosen. Styled as the buttons of docs/spec.md §2.
 */
export function ScoreQuestion({ question, number, text, score, disabled, onChoose }: ScoreQuestionProps) {
  return (
    <fieldset className={styles.question} disabled={disabled}>
      <legend>
        {number}. {text}
      </legend>
      <div className={styles.scale}>
        {SURVEY_SCALE.map((value) => (
          <label key={value} className={styles.choice}>
            <input
              type="radio"
              name={question}
              value={value}
              checked={score === value}
              onChange={() => onChoose(value)}
            />
            <span>{value}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
